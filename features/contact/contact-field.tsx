import type { ReactNode } from "react";

import type { ContactField } from "./fields";

import styles from "./contact-form.module.css";

/** What a field's control gets: its id and name, and its links to its help and error. */
export interface ControlProps {
  id: string;
  name: ContactField;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  autoFocus: boolean;
}

/**
 * One field of the contact form: its label, an optional help text, the control
 * and its error, tied together by ids so a screen reader announces the help and
 * the error with the control. A checkbox shows its label after the control.
 */
export function ContactFormField({
  field,
  label,
  help,
  error,
  autoFocus,
  checkbox = false,
  children,
}: {
  field: ContactField;
  label: ReactNode;
  help?: string;
  /** The error's text, when the field has one. */
  error?: string;
  autoFocus: boolean;
  checkbox?: boolean;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = `contact-${field}`;
  const helpId = help === undefined ? undefined : `${id}-help`;
  const errorId = error === undefined ? undefined : `${id}-error`;
  const control = children({
    id,
    name: field,
    "aria-invalid": error === undefined ? undefined : true,
    "aria-describedby": [helpId, errorId].filter(Boolean).join(" ") || undefined,
    autoFocus,
  });
  const labelElement = <label htmlFor={id}>{label}</label>;
  return (
    <div className={checkbox ? `${styles.field} ${styles.consent}` : styles.field}>
      {checkbox ? control : labelElement}
      {helpId && (
        <p id={helpId} className={styles.help}>
          {help}
        </p>
      )}
      {checkbox ? labelElement : control}
      {errorId && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
