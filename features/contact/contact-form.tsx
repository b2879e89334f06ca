"use client";

import { useActionState, useEffect, useRef, useState, type FormEvent } from "react";

import { IDLE, type ContactFormState } from "./form-state";
import type { ContactFormLabels } from "./labels";
import { PURPOSES } from "./message";
import { FIELDS, formValues, type ContactField, type FieldErrors } from "./fields";
import type { validateContact } from "./schema";

import styles from "./contact-form.module.css";

type Action = (state: ContactFormState, form: FormData) => Promise<ContactFormState>;

/** The schema's check, or "server" when its chunk could not load (the server's answer then carries the errors). */
type Validator = typeof validateContact | "server";

const REFUSALS = {
  too_fast: "contact.error_too_fast",
  rate_limit: "contact.error_rate_limit",
  rejected: "contact.error_rejected",
  delivery: "contact.error_delivery",
} as const;

/**
 * The contact form: validated in the browser with the server's schema, sent
 * by a Server Action, and a plain POST without JavaScript (the page comes back
 * with errors or the confirmation). What was typed always comes back.
 * The schema (zod, about 17 kB gzip) is a chunk of its own, fetched once the
 * visitor starts on the form, so it is never in the page's first load.
 */
export function ContactForm({
  action,
  labels,
  legalsHref,
  contactHref,
  renderedAt,
}: {
  action: Action;
  labels: ContactFormLabels;
  legalsHref: string;
  /** The page itself: "write another message" without JavaScript. */
  contactHref: string;
  /** When the server rendered the form; the browser restamps it when shown. */
  renderedAt: number;
}) {
  const [state, formAction, pending] = useActionState(action, IDLE);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const startedField = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const confirmation = useRef<HTMLHeadingElement>(null);
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
  const values = state.status === "invalid" || state.status === "refused" ? state.values : {};
  const errors: FieldErrors = clientErrors ?? (state.status === "invalid" ? state.errors : {});
  const refusal = state.status === "refused" ? labels[REFUSALS[state.reason]] : null;
  const firstError = FIELDS.find((field) => errors[field]);

  // The minimum fill time counts from when the browser shows the form (again, after "write another").
  const shownAt = useRef(0);
  useEffect(() => {
    if (!sent) shownAt.current = Date.now();
  }, [sent]);
  useEffect(() => {
    if (sent) confirmation.current?.focus();
  }, [sent]);
  // A server answer with errors: focus the first one (without JavaScript, autofocus does it).
  useEffect(() => {
    if (state.status === "invalid")
      focusField(
        formRef.current,
        FIELDS.find((field) => state.errors[field]),
      );
    else if (state.status === "refused")
      formRef.current?.querySelector<HTMLElement>("[data-form-alert]")?.focus();
  }, [state]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // Set as the form is sent: React may have reset the field to the server's stamp since.
    if (startedField.current && shownAt.current) startedField.current.value = String(shownAt.current);
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

  if (sent) {
    return (
      <div className={styles.confirmation} role="status">
        <h2 ref={confirmation} tabIndex={-1} className={styles.title} autoFocus>
          {labels["contact.sent_title"]}
        </h2>
        <p>{labels["contact.sent_message"]}</p>
        <a
          href={contactHref}
          className={styles.secondary}
          onClick={(event) => {
            event.preventDefault();
            setDismissed(state.id);
          }}
        >
          {labels["contact.send_another"]}
        </a>
      </div>
    );
  }

  const describedBy = (field: ContactField, help?: boolean) =>
    [help ? `contact-${field}-help` : "", errors[field] ? `contact-${field}-error` : ""]
      .filter(Boolean)
      .join(" ") || undefined;
  const fieldProps = (field: ContactField, help?: boolean) => ({
    id: `contact-${field}`,
    name: field,
    "aria-invalid": errors[field] ? (true as const) : undefined,
    "aria-describedby": describedBy(field, help),
    autoFocus: field === firstError && state.status === "invalid" && !clientErrors,
  });
  const error = (field: ContactField) =>
    errors[field] ? (
      <p id={`contact-${field}-error`} className={styles.error}>
        {labels[errors[field]]}
      </p>
    ) : null;

  return (
    <form
      ref={formRef}
      action={formAction}
      onSubmit={onSubmit}
      onFocus={() => void prepareValidation()}
      noValidate
      className={styles.form}
      aria-labelledby="contact-form-title"
      aria-describedby="contact-form-intro"
    >
      <h2 id="contact-form-title" className={styles.title}>
        {labels["contact.form_title"]}
      </h2>
      <p id="contact-form-intro" className={styles.intro}>
        {labels["contact.form_intro"]}
      </p>
      <div role="alert" className={styles.alert} data-form-alert="" tabIndex={-1}>
        {refusal ?? (firstError ? labels["contact.error_summary"] : null)}
      </div>

      <div className={styles.field}>
        <label htmlFor="contact-name">{labels["contact.name"]}</label>
        <input {...fieldProps("name")} type="text" autoComplete="name" required defaultValue={values.name} />
        {error("name")}
      </div>
      <div className={styles.field}>
        <label htmlFor="contact-email">{labels["contact.email"]}</label>
        <p id="contact-email-help" className={styles.help}>
          {labels["contact.email_help"]}
        </p>
        <input
          {...fieldProps("email", true)}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          defaultValue={values.email}
        />
        {error("email")}
      </div>
      <div className={styles.field}>
        <label htmlFor="contact-company">
          {labels["contact.company"]} <span className={styles.optional}>({labels["contact.optional"]})</span>
        </label>
        <input
          {...fieldProps("company")}
          type="text"
          autoComplete="organization"
          defaultValue={values.company}
        />
        {error("company")}
      </div>
      <div className={styles.field}>
        <label htmlFor="contact-purpose">{labels["contact.purpose"]}</label>
        <select {...fieldProps("purpose")} required defaultValue={values.purpose ?? PURPOSES[0]}>
          {PURPOSES.map((purpose) => (
            <option key={purpose} value={purpose}>
              {labels[`contact.purpose_${purpose}`]}
            </option>
          ))}
        </select>
        {error("purpose")}
      </div>
      <div className={styles.field}>
        <label htmlFor="contact-message">{labels["contact.message"]}</label>
        <p id="contact-message-help" className={styles.help}>
          {labels["contact.message_help"]}
        </p>
        <textarea {...fieldProps("message", true)} required rows={7} defaultValue={values.message} />
        {error("message")}
      </div>
      <div className={`${styles.field} ${styles.consent}`}>
        <input {...fieldProps("consent")} type="checkbox" required defaultChecked={values.consent === "on"} />
        <label htmlFor="contact-consent">
          {labels["contact.consent"]} <a href={legalsHref}>{labels["contact.consent_link"]}</a>.
        </label>
        {error("consent")}
      </div>

      {/* For robots only: hidden from people and assistive technology, out of the tab order. */}
      <div className={styles.trap} aria-hidden="true">
        <label htmlFor="contact-website">{labels["contact.honeypot"]}</label>
        <input
          id="contact-website"
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <input ref={startedField} type="hidden" name="started" defaultValue={renderedAt} />

      <button type="submit" className={styles.submit} aria-disabled={pending || undefined}>
        {pending ? labels["contact.sending"] : labels["contact.submit"]}
      </button>
    </form>
  );
}

function focusField(form: HTMLFormElement | null, field: ContactField | undefined) {
  if (field) form?.querySelector<HTMLElement>(`#contact-${field}`)?.focus();
}
