/**
 * The root's not-found boundary, never shown: the request router answers every unknown URL with the
 * 404 page of its language before anything renders, and global-not-found.tsx answers the rest.
 * Without this file Next puts its built-in 404 (markup and inline styles, 1.2 kB) into every
 * page's payload, as the boundary's fallback.
 */
export default function RootNotFound() {
  return null;
}
