/**
 * The contact form: one schema shared by the browser and the server, the abuse
 * checks (honeypot, minimum fill time, rate limit), delivery over SMTP with an
 * outbox on disk when SMTP is unset or fails, and the contact page's details.
 *
 * The rest of the site imports only from here.
 */
export {
  clientAddress,
  createRateLimiter,
  formRenderedAt,
  isHoneypotFilled,
  isTooFast,
  minFillMs,
  rateLimitConfig,
  trustedProxies,
} from "./abuse";
export { composeContactMail } from "./compose";
export { contactConfig } from "./config";
export { ContactDetails } from "./contact-details";
export { ContactForm } from "./contact-form";
export { deliverContactMail } from "./deliver";
export { formValues } from "./fields";
export type { ContactFormState } from "./form-state";
export { CONTACT_FORM_LABEL_KEYS } from "./labels";
export { recipientFor } from "./recipients";
export { validateContact } from "./schema";
