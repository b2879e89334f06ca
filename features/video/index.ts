/**
 * Video: the player of a work or a slice (a poster and a play button; the
 * provider's iframe loads on click, once its consent service is allowed), the
 * provider's watch page for links, and the muted teaser loop of a work card.
 *
 * The rest of the site imports only from here.
 */
export { ConsentVideo } from "./consent-video";
export { HoverTeaser } from "./hover-teaser";
export { watchPage } from "./player-source";
export { videoSource, type VideoSource } from "./video-source";
export { VideoPlayer, videoDrawVars } from "./video-player";
