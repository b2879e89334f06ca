/**
 * The contact form: one schema shared by the browser and the server, the abuse
 * checks (honeypot, minimum fill time, rate limit), delivery over SMTP with an
 * outbox on disk when SMTP is unset or fails, and the contact page's details.
 *
 * The rest of the site imports only from here.
 */
export { formRenderedAt } from "./abuse";
export { ContactDetails } from "./contact-details";
export { ContactForm } from "./contact-form";
export { contactConfig } from "./config";
export { sendBoundMs } from "./deliver";
export { confirmationUrl, type ContactFormState } from "./form-state";
export { CONTACT_FORM_LABEL_KEYS } from "./labels";
export { checkOutboxWritable, outboxDepth, outboxDir } from "./outbox";
export { createMessageReceiver } from "./receive-message";
export { sendsInFlight, sendsSettled } from "./sends-in-flight";
