/**
 * Rich text: every block Prismic's editor offers, rendered by the site's own serializer, with
 * embedded videos as the video feature's players (loaded once consent allows).
 *
 * The rest of the site imports only from here.
 */
export { RichText } from "./rich-text";
