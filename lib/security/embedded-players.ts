/**
 * The origins of the video players the site embeds (the video feature moves YouTube to its
 * no-cookie host): the only frames the Content-Security-Policy and Permissions-Policy allow.
 */
export const EMBEDDED_PLAYER_ORIGINS = ["https://www.youtube-nocookie.com", "https://player.vimeo.com"];
