/** The cookie Next sets in draft mode (`draftMode().enable()`): an editor previewing, never a visitor. */
export const DRAFT_MODE_COOKIE = "__prerender_bypass";
