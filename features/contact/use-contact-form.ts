"use client";

import { useActionState, useEffect, useRef, useState, type FormEvent, type RefObject } from "react";

import { FIELDS, formValues, type ContactField, type FieldErrors } from "./fields";
import { IDLE, type ContactFormState, type Refusal } from "./form-state";
import type { validateContact } from "./schema";

export type ContactAction = (state: ContactFormState, form: FormData) => Promise<ContactFormState>;

/** The schema's check, or "server" when its chunk could not load (the server's answer then carries the errors). */
type Validator = typeof validateContact | "server";

/**
 * The contact form's behaviour, apart from its markup: the Server Action's
 * state, the browser's check with the server's schema (a chunk of its own,
 * about 17 kB gzip, fetched once the visitor starts on the form, so never in
 * the first load), focus on the first error or the confirmation, and the
 * minimum-fill-time stamp. What was typed always comes back.
 */
export function useContactForm(
  action: ContactAction,
  /** The form and its confirmation heading, as the markup renders them: focus moves to them. */
  refs: { form: RefObject<HTMLFormElement | null>; confirmation: RefObject<HTMLHeadingElement | null> },
  /**
   * The page's own URL: the form's `action` in the server's HTML, so a post without JavaScript
   * reaches this page (React's permalink; without one the attribute is `action=""`, which HTML
   * does not allow).
   */
  permalink: string,
) {
  const { form: formRef, confirmation } = refs;
  const [state, formAction, pending] = useActionState(action, IDLE, permalink);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const validator = useRef<Validator | null>(null);
  const validatorLoad = useRef<Promise<void> | null>(null);

  function prepareValidation(): Promise<void> {
    validatorLoad.current ??= import("./schema").then(
      (schema) => void (validator.current = schema.validateContact),
      () => void (validator.current = "server"),
    );
    return validatorLoad.current;
  }

  const sent = state.status === "sent" && state.id !== dismissed;
  const values: Record<string, string> =
    state.status === "invalid" || state.status === "refused" ? state.values : {};
  const errors: FieldErrors = clientErrors ?? (state.status === "invalid" ? state.errors : {});
  const refusal: Refusal | null = state.status === "refused" ? state.reason : null;
  const firstError = FIELDS.find((field) => errors[field]);
  // Without JavaScript the server's answer focuses its first error through autofocus.
  const autoFocusField = state.status === "invalid" && !clientErrors ? firstError : undefined;

  // The minimum fill time counts from when the browser shows the form (again, after "write another").
  const shownAt = useRef(0);
  useEffect(() => {
    if (!sent) shownAt.current = Date.now();
  }, [sent]);
  useEffect(() => {
    if (sent) confirmation.current?.focus();
  }, [sent, confirmation]);
  // A server answer with errors: focus the first one.
  useEffect(() => {
    if (state.status === "invalid")
      focusField(
        formRef.current,
        FIELDS.find((field) => state.errors[field]),
      );
    else if (state.status === "refused")
      formRef.current?.querySelector<HTMLElement>("[data-form-alert]")?.focus();
  }, [state, formRef]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // Set as the form is sent: React may have reset the field to the server's stamp since.
    const started = event.currentTarget.elements.namedItem("started");
    if (started instanceof HTMLInputElement && shownAt.current) started.value = String(shownAt.current);
    const validate = validator.current;
    if (validate === null) {
      // Sent before the schema arrived: hold the message, check it once the schema is here.
      event.preventDefault();
      const form = event.currentTarget;
      void prepareValidation().then(() => form.requestSubmit());
      return;
    }
    if (validate === "server") return setClientErrors(null);
    const checked = validate(formValues(new FormData(event.currentTarget)));
    if (checked.ok) return setClientErrors(null);
    event.preventDefault();
    setClientErrors(checked.errors);
    focusField(
      event.currentTarget,
      FIELDS.find((field) => checked.errors[field]),
    );
  }

  return {
    formAction,
    pending,
    sent,
    values,
    errors,
    refusal,
    firstError,
    autoFocusField,
    onSubmit,
    onFocus: () => void prepareValidation(),
    /** "Write another message": back to an empty form. */
    dismiss: () => setDismissed(state.status === "sent" ? state.id : null),
  };
}

function focusField(form: HTMLFormElement | null, field: ContactField | undefined) {
  if (field) form?.querySelector<HTMLElement>(`#contact-${field}`)?.focus();
}
