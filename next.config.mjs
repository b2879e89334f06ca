/**
 * French lives at the spec's paths (/works, /contact, ...) and English under /en:
 * French requests are rewritten onto the app's /fr tree, so both languages share
 * one set of routes and `<html lang>` comes from the URL. A request naming /fr
 * itself lands on /fr/fr/... and is a 404: one URL per page. Next's own files,
 * route handlers, content images and metadata files are left alone.
 */
const FRENCH_PATH =
  "/:path((?!en(?:/|$)|_next/|api/|assets/|preview(?:/|$)|slice-simulator|sitemap\\.xml$|robots\\.txt$|favicon\\.ico$).+)";

/** @type {import('next').NextConfig} */
const nextConfig = {
  async rewrites() {
    return {
      beforeFiles: [
        // Rewrites chain in order, so "/" comes last (its /fr must not be rewritten again).
        { source: FRENCH_PATH, destination: "/fr/:path" },
        { source: "/", destination: "/fr" },
      ],
    };
  },
  // ESM-only dependencies of the rich-text renderer: listed so next/jest compiles them for the
  // component tests too (the app's bundles compile them either way).
  transpilePackages: ["@prismicio/react", "esm-env"],
  reactStrictMode: true,
  poweredByHeader: false,
  experimental: {
    // A 404 for URLs outside the [lang] tree, which has no single root layout.
    globalNotFound: true,
  },
  images: {
    formats: ["image/avif", "image/webp"],
    remotePatterns: [
      { protocol: "https", hostname: "images.prismic.io" },
      { protocol: "https", hostname: "*.cdn.prismic.io" },
    ],
  },
};

export default nextConfig;
