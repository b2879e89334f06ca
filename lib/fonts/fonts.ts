import localFont from "next/font/local";

/**
 * Self-hosted variable fonts (no request to a font CDN), cut to the characters
 * and weights the site uses by `npm run fonts:subset`. Fallback metrics are
 * adjusted to each face, so swapping in the web font shifts nothing.
 */
export const displayFont = localFont({
  src: "./bricolage-grotesque-display.woff2",
  variable: "--font-display",
  weight: "400 800",
  display: "swap",
});

export const textFont = localFont({
  src: "./inter-text.woff2",
  variable: "--font-text",
  weight: "400 800",
  display: "swap",
});

/**
 * Inter's italics, a family of their own so they are not preloaded: most pages
 * have no italic text, and the browser fetches this file only where some shows.
 * `em`, `i` and `cite` use it (globals.css).
 */
export const textItalicFont = localFont({
  src: "./inter-text-italic.woff2",
  variable: "--font-text-italic",
  weight: "400 800",
  style: "italic",
  display: "swap",
  preload: false,
});

/** The classes that define the font variables, for a root layout's <html>. */
export const fontVariables = [displayFont.variable, textFont.variable, textItalicFont.variable].join(" ");
