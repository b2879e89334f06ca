/** Publishing: pages marked stale, never removed, and what changed rendered anew in the background. */
export { markEveryPageStale, rerenderChangedPages } from "./publish-job";
