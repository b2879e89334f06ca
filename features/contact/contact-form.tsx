"use client";

import { useRef, useSyncExternalStore } from "react";

import { SiteLink } from "@/components/site-link/site-link";

import { ContactFormField } from "./contact-field";
import { EARLY_FORM_SCRIPT } from "./early-form-script";
import type { ContactField } from "./fields";
import type { ContactFormLabels } from "./labels";
import { CONFIRMATION_ANCHORS } from "./form-state";
import { PURPOSES } from "./message";
import { SUBMISSION_KEY_FIELD } from "./submission-key";
import { useContactForm, type ContactAction } from "./use-contact-form";

import styles from "./contact-form.module.css";

const REFUSALS = {
  too_fast: "contact.error_too_fast",
  rate_limit: "contact.error_rate_limit",
  rejected: "contact.error_rejected",
  delivery: "contact.error_delivery",
  offline: "contact.error_offline",
  unreachable: "contact.error_unreachable",
} as const;

const noChanges = () => () => {};
const notHydrating = () => false;
const hydrating = () => true;

/**
 * The contact form: validated in the browser with the server's schema, sent
 * by a Server Action, and a plain POST without JavaScript (the page comes back
 * with the errors, or the answer redirects to the page's confirmation anchor,
 * which CSS shows when it is the page's target). Its behaviour is
 * `useContactForm`'s; this is the markup.
 */
export function ContactForm({
  action,
  labels,
  legalsHref,
  contactHref,
  renderedAt,
}: {
  action: ContactAction;
  labels: ContactFormLabels;
  legalsHref: string;
  /** The page itself: where the form posts without JavaScript, and "write another message". */
  contactHref: string;
  /** When the server rendered the form; the browser restamps it when shown. */
  renderedAt: number;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const confirmationRef = useRef<HTMLHeadingElement>(null);
  const form = useContactForm(
    action,
    {
      form: formRef,
      confirmation: confirmationRef,
    },
    contactHref,
  );
  const { values, errors } = form;
  // The early script is the server's HTML's only, run as the page is parsed: React hydrates it, then
  // drops it; a form React renders itself has none (React would not run it, and says so).
  const parsedWithPage = useSyncExternalStore(noChanges, notHydrating, hydrating);

  if (form.sent) {
    return (
      <div className={styles.confirmation} role="status">
        <h2 ref={confirmationRef} tabIndex={-1} className={styles.title} autoFocus>
          {labels[form.queued ? "contact.queued_title" : "contact.sent_title"]}
        </h2>
        <p>{labels[form.queued ? "contact.queued_message" : "contact.sent_message"]}</p>
        <a
          href={contactHref}
          className={styles.secondary}
          onClick={(event) => {
            event.preventDefault();
            form.dismiss();
          }}
        >
          {labels["contact.send_another"]}
        </a>
      </div>
    );
  }

  /** The field's shared props: its error's text and whether it takes the focus. */
  const field = (name: ContactField) => {
    const key = errors[name];
    return { field: name, error: key && labels[key], autoFocus: name === form.autoFocusField };
  };

  const formMarkup = (
    <form
      ref={formRef}
      action={form.formAction}
      onSubmit={form.onSubmit}
      onInput={form.onInput}
      onFocus={form.onFocus}
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
        {form.refusal
          ? labels[REFUSALS[form.refusal]]
          : form.firstError
            ? labels["contact.error_summary"]
            : null}
      </div>

      <ContactFormField {...field("name")} label={labels["contact.name"]}>
        {(control) => (
          <input {...control} type="text" autoComplete="name" required defaultValue={values.name} />
        )}
      </ContactFormField>
      <ContactFormField
        {...field("email")}
        label={labels["contact.email"]}
        help={labels["contact.email_help"]}
      >
        {(control) => (
          <input
            {...control}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            defaultValue={values.email}
          />
        )}
      </ContactFormField>
      <ContactFormField
        {...field("company")}
        label={
          <>
            {labels["contact.company"]}{" "}
            <span className={styles.optional}>({labels["contact.optional"]})</span>
          </>
        }
      >
        {(control) => (
          <input {...control} type="text" autoComplete="organization" defaultValue={values.company} />
        )}
      </ContactFormField>
      <ContactFormField {...field("purpose")} label={labels["contact.purpose"]}>
        {(control) => (
          <select {...control} required defaultValue={values.purpose ?? PURPOSES[0]}>
            {PURPOSES.map((purpose) => (
              <option key={purpose} value={purpose}>
                {labels[`contact.purpose_${purpose}`]}
              </option>
            ))}
          </select>
        )}
      </ContactFormField>
      <ContactFormField
        {...field("message")}
        label={labels["contact.message"]}
        help={labels["contact.message_help"]}
      >
        {(control) => <textarea {...control} required rows={7} defaultValue={values.message} />}
      </ContactFormField>
      <ContactFormField
        {...field("consent")}
        checkbox
        label={
          <>
            {labels["contact.consent"]}{" "}
            <SiteLink href={legalsHref}>{labels["contact.consent_link"]}</SiteLink>.
          </>
        }
      >
        {(control) => (
          <input {...control} type="checkbox" required defaultChecked={values.consent === "on"} />
        )}
      </ContactFormField>

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
      <input type="hidden" name="started" defaultValue={renderedAt} />

      {/* Filled by the browser (the early script below, then useContactForm) and by nothing else:
          with no value of React's, no render of the form puts it back to empty. Empty without
          JavaScript: the server names the post after its words. */}
      <input type="hidden" name={SUBMISSION_KEY_FIELD} />
      {parsedWithPage && <script dangerouslySetInnerHTML={{ __html: EARLY_FORM_SCRIPT }} />}

      <button type="submit" className={styles.submit} aria-disabled={form.pending || undefined}>
        {form.pending ? labels["contact.sending"] : labels["contact.submit"]}
      </button>
    </form>
  );

  return (
    <>
      {(["sent", "queued"] as const).map((outcome) => (
        <div
          key={outcome}
          id={CONFIRMATION_ANCHORS[outcome]}
          className={`${styles.confirmation} ${styles.anchored}`}
          tabIndex={-1}
        >
          <h2 className={styles.title}>{labels[`contact.${outcome}_title`]}</h2>
          <p>{labels[`contact.${outcome}_message`]}</p>
          <a href={contactHref} className={styles.secondary}>
            {labels["contact.send_another"]}
          </a>
        </div>
      ))}
      {formMarkup}
    </>
  );
}
