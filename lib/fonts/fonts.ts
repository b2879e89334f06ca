import localFont from "next/font/local";

// Each face's stand-ins, sized to take the same room at every weight (npm run fonts:fallbacks).
import "./fallbacks.css";

/**
 * Self-hosted variable fonts (no request to a font CDN), cut to the characters
 * and weights the site uses by `npm run fonts:subset`. Until a face arrives, text
 * shows in a local stand-in sized to take the same room at each weight (Arial or
 * its Linux twins, Roboto on Android: fallbacks.css), so that swapping the web
 * font in moves nothing on the first screen (npm run bench, the font-swap figure).
 * next/font's own fallback names Arial only, which Android and Linux do not have:
 * there text fell back unadjusted.
 *
 * Only the text face is preloaded. Chromium holds the first paint for a preloaded
 * font briefly (measured: a font that arrives within about 100 ms of the request is
 * in the first paint, one that takes 200 ms is not), and on a slow link each file
 * shares the link with the page's first picture: the display face (headings,
 * left-aligned blocks whose lines the stand-in keeps) is fetched when the first
 * layout asks for it and swaps in without moving anything. The text face sets
 * right-aligned and inline runs (the header's links, a filter's labels, a bold
 * phrase mid-line): on a fast link it is in the first paint; on a slow one it
 * arrives after it, and those runs move sideways by a few pixels while every line
 * and row stays (e2e/first-paint.spec.ts; bench/README.md, "What the first paint
 * waits for").
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
  display: "swap",
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
