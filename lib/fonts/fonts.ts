import localFont from "next/font/local";

// Each face's stand-ins, sized to take the same room at every weight (npm run fonts:fallbacks).
import "./fallbacks.css";
// The width a box holds for its text in the text face is not inherited (text-width.ts).
import "./face-width.css";

/**
 * Self-hosted variable fonts (no request to a font CDN), cut to the characters
 * and weights the site uses by `npm run fonts:subset`. Until a face arrives, text
 * shows in a local stand-in sized to take the same room at each weight (Arial or
 * its Linux twins, Roboto on Android: fallbacks.css), so that swapping the web
 * font in moves nothing on the first screen (npm run bench, the font-swap figure).
 * next/font's own fallback names Arial only, which Android and Linux do not have:
 * there text fell back unadjusted.
 *
 * No face is preloaded, so a first paint waits for no font request. A preload
 * held the first paint only briefly (Chromium: a font that arrives within about
 * 100 ms of its request is in the first paint, one that takes 200 ms is not), and
 * on a slow link it took the link from the page's HTML and its first picture
 * while it loaded (measured on `/`, slow 4G applied: first paint 0.96 → 0.77 s,
 * largest paint 1.53 → 1.47 s without it). On a first visit npm start has the
 * faces asked for once the page has painted (server/faces-after-paint.mjs); on a
 * page of a visit under way, by the first layout, as these rules say.
 *
 * The text face is `fallback`: its text waits at most 100 ms for it (unseen), then
 * shows in the stand-in and swaps when the face arrives within about 3 s (after
 * that the page keeps the stand-in). A face the browser has kept (every
 * page after a visit's first) arrives within that wait, so those pages paint in
 * it at once; with `swap` they painted a frame in the stand-in first, and the
 * face's right-aligned and mid-line runs (the header's links, a filter's labels,
 * a bold phrase) moved sideways by a few pixels on every page. A first visit's
 * faces come after its first paint (the faces script): every line and row stays,
 * the header's links, a filter's chips and a work's facts hold their width in the
 * face until then (text-width.ts), and only a mid-line run moves, by a pixel or two
 * (e2e/first-paint.spec.ts; bench/README.md, "What the first paint waits for"). The display face sets headings, left-aligned blocks whose lines
 * the stand-in keeps: `swap`, painted at once.
 */
export const displayFont = localFont({
  src: "./bricolage-grotesque-display.woff2",
  variable: "--font-display",
  adjustFontFallback: false,
  fallback: ["displayFont Fallback", "displayFont Fallback Roboto"],
  weight: "400 800",
  display: "swap",
  preload: false,
});

export const textFont = localFont({
  src: "./inter-text.woff2",
  variable: "--font-text",
  adjustFontFallback: false,
  fallback: ["textFont Fallback", "textFont Fallback Roboto"],
  weight: "400 800",
  display: "fallback",
  preload: false,
});

/**
 * Inter's italics, a family of their own: most pages have no italic text, and the
 * browser fetches this file only where some shows. `em`, `i` and `cite` use it
 * (globals.css).
 */
export const textItalicFont = localFont({
  src: "./inter-text-italic.woff2",
  variable: "--font-text-italic",
  adjustFontFallback: false,
  fallback: ["textItalicFont Fallback", "textItalicFont Fallback Roboto"],
  weight: "400 800",
  style: "italic",
  display: "swap",
  preload: false,
});

/** The classes that define the font variables, for a root layout's <html>. */
export const fontVariables = [displayFont.variable, textFont.variable, textItalicFont.variable].join(" ");
