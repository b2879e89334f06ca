// @ts-check
/**
 * How large a request body a page accepts: what npm start's front refuses past it
 * (server/page-body.mjs, before Next) and what Next's Server Actions read at most (next.config.ts),
 * one number so the two layers agree. Plain constants, as both the front and the build import them.
 *
 * A page reads a body only from the contact form (its Server Action, or the same form posted
 * without JavaScript). At its longest it is name 100 + e-mail 254 + company 120 + message 5,000
 * UTF-16 units (features/contact/schema.ts), at most 3 UTF-8 bytes each (a 4-byte character is 2
 * units): 16.4 kB; React's form state echoes what was typed once more (another 16.4 kB as JSON);
 * the multipart framing, the action's ids and the hidden fields under 2 kB: 35 kB in all. 64 kB
 * leaves room for a message somewhat over its limit to reach the form's own "too long" error
 * (an ASCII message of 20,000 characters still does), while a body the form could never send is
 * refused at once. The webhook (/api/revalidate) reads up to 512 kB itself, not through this.
 */
export const PAGE_BODY_LIMIT = 64 * 1024;
