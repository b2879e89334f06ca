"use client";

import { useActionState, useEffect, useRef, useState, type FormEvent, type RefObject } from "react";

import { clearDraft, readDraft, saveDraft } from "./draft";
import { FIELDS, formValues, type ContactField, type FieldErrors } from "./fields";
import { changedEarly, shownEarlyAt } from "./early-form-script";
import { IDLE, type ContactFormState, type Refusal } from "./form-state";
import type { validateContact } from "./schema";
import { isSubmissionKey, SUBMISSION_KEY_FIELD } from "./submission-key";

export type ContactAction = (state: ContactFormState, form: FormData) => Promise<ContactFormState>;

/** The schema's check, or "server" when its chunk could not load (the server's answer then carries the errors). */
type Validator = typeof validateContact | "server";

/**
 * The contact form's behaviour, apart from its markup. Without JavaScript the form posts to the page
 * (React's form action, whose answer renders the page again with the errors, or redirects to the
 * confirmation). With it, the submit is taken over here: the browser's check with the server's
 * schema (a chunk of its own, about 17 kB gzip, fetched once the visitor starts on the form, so
 * never in the first load), one submission at a time (a second click or Enter while one is pending
 * does nothing), the Server Action called directly so that a failed request (offline, a proxy's
 * 429 or 502, a timeout) becomes a message beside the kept text instead of the error page, the
 * draft and the submission's key kept in the tab (./draft.ts), focus on the first error or the
 * confirmation, and the minimum-fill-time stamp. What was typed always comes back.
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
  const [serverState, formAction] = useActionState(action, IDLE, permalink);
  const [answer, setAnswer] = useState<ContactFormState | null>(null);
  const state = answer ?? serverState;
  const [pending, setPending] = useState(false);
  const sending = useRef(false);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  // This submission's key: kept in the draft and written into the form's hidden field.
  const key = useRef("");
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

  // The draft of this tab (its key, and what was typed before a reload) once the form is shown.
  const answered = Object.keys(values).length > 0;
  useEffect(() => {
    if (sent) return;
    const form = formRef.current;
    const draft = readDraft();
    // The key the form already carries (its early script's, or the browser's restoring it with the
    // words it restored) is the one a post sent before this ran used: kept.
    const field = form?.elements.namedItem(SUBMISSION_KEY_FIELD);
    const current =
      field instanceof HTMLInputElement && isSubmissionKey(field.value) ? field.value : draft.key;
    key.current = current;
    if (!form) return;
    restoreValues(form, { [SUBMISSION_KEY_FIELD]: current, ...(answered ? {} : draft.values) });
    // Kept at once, with what the visitor may have typed before the page's script ran (the page is
    // usable from its first paint; the script can come a second later): a reload or a duplicated
    // tab then has the text and the key even if nothing is typed after this.
    saveDraft({ key: current, values: formValues(new FormData(form)) });
    // Only when the form appears: a later answer brings its own values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sent, formRef]);

  // The minimum fill time counts from when the browser showed the form: as the page was parsed for
  // the form it came with (a visitor may type before the script arrives), now for one it renders.
  const shownAt = useRef(0);
  useEffect(() => {
    if (sent) return;
    const form = formRef.current;
    shownAt.current = (form && shownEarlyAt(form)) ?? Date.now();
  }, [sent, formRef]);
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

  async function submit(form: HTMLFormElement) {
    const data = new FormData(form);
    sending.current = true;
    setPending(true);
    let next: ContactFormState;
    try {
      next = await action(state, data);
    } catch {
      // No answer from the site: the request failed, or something else answered it.
      next = {
        status: "refused",
        values: formValues(data),
        reason: navigator.onLine === false ? "offline" : "unreachable",
      };
    }
    if (next.status === "sent") clearDraft();
    setAnswer(next);
    sending.current = false;
    setPending(false);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    // One submission at a time: the second click or Enter waits for the first's answer.
    if (sending.current) return event.preventDefault();
    // Set as the form is sent: React may have reset the field to the server's stamp since.
    const started = form.elements.namedItem("started");
    if (started instanceof HTMLInputElement && shownAt.current) started.value = String(shownAt.current);
    const validate = validator.current;
    if (validate === null) {
      // Sent before the schema arrived: hold the message, check it once the schema is here.
      event.preventDefault();
      void prepareValidation().then(() => form.requestSubmit());
      return;
    }
    const checked = validate === "server" ? null : validate(formValues(new FormData(form)));
    event.preventDefault();
    if (checked && !checked.ok) {
      setClientErrors(checked.errors);
      focusField(
        form,
        FIELDS.find((field) => checked.errors[field]),
      );
      return;
    }
    setClientErrors(null);
    void submit(form);
  }

  return {
    formAction,
    pending,
    sent,
    /** Whether the accepted message waits in the outbox rather than having been delivered. */
    queued: state.status === "sent" && state.queued,
    values,
    errors,
    refusal,
    firstError,
    autoFocusField,
    onSubmit,
    onFocus: () => void prepareValidation(),
    /** Keeps the draft as it is typed. */
    onInput: (event: FormEvent<HTMLFormElement>) => {
      if (key.current) saveDraft({ key: key.current, values: formValues(new FormData(event.currentTarget)) });
    },
    /** "Write another message": back to an empty form, with a new key. */
    dismiss: () => setDismissed(state.status === "sent" ? state.id : null),
  };
}

function focusField(form: HTMLFormElement | null, field: ContactField | undefined) {
  if (field) form?.querySelector<HTMLElement>(`#contact-${field}`)?.focus();
}

/**
 * Puts a draft's values back into the fields the visitor has not changed on this page, then each
 * change made before the page's script ran (./early-form-script.ts) back as the visitor left it
 * (React, taking the page over, puts a server-filled text area's text back). A field otherwise
 * unlike what the server rendered (a browser's own restoring) keeps its value. What the visitor did
 * last wins over an older draft.
 */
function restoreValues(form: HTMLFormElement, values: Record<string, string>) {
  const changed = changedEarly(form);
  for (const [name, value] of Object.entries(values)) {
    const field = form.elements.namedItem(name);
    if (!(name in changed) && asRendered(field)) setField(field, value);
  }
  for (const [name, value] of Object.entries(changed)) setField(form.elements.namedItem(name), value);
}

type FormField = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isField = (field: unknown): field is FormField =>
  field instanceof HTMLInputElement ||
  field instanceof HTMLTextAreaElement ||
  field instanceof HTMLSelectElement;

/** Whether a field still holds what the server rendered (a hidden field is always the script's to set). */
function asRendered(field: unknown): boolean {
  if (field instanceof HTMLSelectElement)
    return [...field.options].every((option) => option.selected === option.defaultSelected);
  if (field instanceof HTMLInputElement && field.type === "checkbox")
    return field.checked === field.defaultChecked;
  return (
    (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) &&
    (field.type === "hidden" || field.value === field.defaultValue)
  );
}

/** Sets a field to a value as a draft keeps it ("on" for a ticked box). */
function setField(field: unknown, value: string) {
  if (field instanceof HTMLInputElement && field.type === "checkbox") field.checked = value === "on";
  else if (isField(field)) field.value = value;
}
