/**
 * Navigation: the frame around every page. The header (the site's name, the main navigation with
 * the current page marked, the language switch to the page's own translation) and, on phones, the
 * menu behind a button that keeps the page still while it is open; the page's main landmark; the
 * footer (contact address, social links, the footer navigation and the button that reopens the
 * cookie preferences).
 *
 * The rest of the site imports only from here.
 */
export { PageFrame } from "./page-frame";
export { SiteFooter } from "./site-footer";
