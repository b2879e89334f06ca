/**
 * Works: how visitors browse the company's works. The lists (all, completed, in production) with
 * their category filters and pages, the card of a work in a list or a slice (its cover, facts and
 * muted teaser loop), and a work's own page (its video, facts, credits and slices).
 *
 * The rest of the site imports only from here.
 */
export { WorkCard, type WorkCardData } from "./work-card";
export { WorkDetail } from "./work-detail";
export { WorksList } from "./works-list";
