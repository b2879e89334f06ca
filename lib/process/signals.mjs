// @ts-check
/**
 * When a second stop signal means "stop now". One Ctrl-C can reach a process twice: `npm start`
 * and `npm run` forward SIGINT to their child while the terminal signals the whole process group
 * too (where /bin/sh is bash, which hands its process over to node). Taking that echo for a
 * person's second Ctrl-C would cut a contact send the server may already have, and deliver it
 * twice; so a repeat counts only once this long has passed since the first.
 */
export const REPEAT_SIGNAL_MS = 1_000;

/**
 * Whether a stop signal at `now` is a deliberate repeat of the first one, taken at `firstAt`.
 * @param {number} firstAt @param {number} now
 */
export function isDeliberateRepeat(firstAt, now) {
  return now - firstAt >= REPEAT_SIGNAL_MS;
}
