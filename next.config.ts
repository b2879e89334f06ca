import type { NextConfig } from "next";
import { PHASE_PRODUCTION_SERVER } from "next/constants";

import { hintStartupFiles } from "./lib/build/compile-hints";
import { buildDir } from "./lib/env/build-dir";
import { EXPIRE_SECONDS } from "./lib/cache/lifetimes.mjs";
import { PAGE_BODY_LIMIT } from "./lib/net/body-limits.mjs";
import { getEnvOrExit } from "./lib/env/env";
import { configuredEndpoint } from "./lib/prismic/endpoint";
import { staticPageRewrites } from "./lib/routing/static-pages";
import { securityHeaderRules } from "./lib/security/headers";

// Every variable checked before anything else: `next build`, `next dev` and `npm start` (which
// loads this file as it starts) stop with one line on an invalid value.
const env = getEnvOrExit();

const nextConfig: NextConfig = {
  // proxy.ts routes every public URL onto the app's /<lang>/... tree. Its request URL
  // must be the server's own origin (not a normalised "localhost") so its rewrites stay
  // internal when `next start --hostname 127.0.0.1` serves the site.
  skipProxyUrlNormalize: true,
  // The pages proxy.ts leaves alone (home, contact, legals): mapped onto the /<lang>/… tree here.
  rewrites: async () => ({ beforeFiles: staticPageRewrites(), afterFiles: [], fallback: [] }),
  // ESM-only dependencies (@prismicio/react, whose SliceZone renders the slices, and its esm-env):
  // listed so next/jest compiles them for the component tests too (the app's bundles do anyway).
  // The workspace's content API ships TypeScript source, which only listed packages may.
  transpilePackages: ["@prismicio/react", "esm-env", "@vifargent/content-api"],
  // Loaded from node_modules, not bundled: the metrics registry (lib/metrics/site-metrics.mjs) is
  // made by server/main.mjs, which Node loads, and counted into from the bundles.
  serverExternalPackages: ["prom-client"],
  // A separate build folder when asked (npm run bench:build builds beside the real one).
  distDir: buildDir(),
  compiler: {
    // The scripts every page runs as it starts, compiled by the browser as they download rather than
    // on the main thread at each function's first call (lib/build/compile-hints.ts).
    runAfterProductionCompile: async ({ distDir }) => {
      await hintStartupFiles(distDir);
    },
  },
  reactStrictMode: true,
  poweredByHeader: false,
  // npm start compresses instead (server/compression.mjs): a page Next holds whole goes out with its
  // length, which nginx's cached copy keeps, rather than as a stream of chunks.
  compress: false,
  // No ETag on pages: Next hashes the whole HTML in JavaScript on every request to make one, a third
  // of a cached page's time (wrk on /: 550 req/s with, 820 without). Pages are cached for seconds
  // and weigh 12 kB gzipped, so a 304 to a returning visitor saved little.
  generateEtags: false,
  expireTime: EXPIRE_SECONDS,
  experimental: {
    // Each page's stylesheets hold what that page shows, not the whole site's CSS. npm start writes
    // them into the page's head (server/inline-styles.mjs), so a first visit pays in bytes, not
    // requests: Turbopack's default chunking put every slice's and form's rules into the layout's
    // sheet (45.7 kB of styles in every page). The graph chunker weighs each extra sheet at
    // `requestCost` bytes: a sheet costs a page about 350 bytes of links and payload entries, and a
    // client navigation one request (measured in bench/README.md, "The stylesheets a page carries").
    cssChunking: { type: "graph", requestCost: 3000 },
    // A 404 for URLs outside the [lang] tree, which has no single root layout.
    globalNotFound: true,
    // The contact form's body, at most: npm start's front refuses a longer one before Next with a
    // 413 page (server/page-body.mjs); the same number here for a server without that front.
    serverActions: { bodySizeLimit: PAGE_BODY_LIMIT },
  },
  images: {
    formats: ["image/avif", "image/webp"],
    // Fewer candidates than Next's defaults (8 device and 7 image sizes): each srcset is written
    // in the HTML and again in the page's payload, and a preloaded one a third time in the head.
    // These cover the slots the layouts draw, from a 200 px logo to a full-bleed hero on a
    // 1920 px screen at 2x; the in-between widths saved a few kB of image for a few kB of page.
    deviceSizes: [640, 828, 1200, 1920, 3840],
    imageSizes: [128, 256, 384],
    // No remote pattern: pictures from a hosted repository go straight to Prismic's CDN (imgix,
    // components/content-image), so the optimiser serves the bundled /assets/ only, never any
    // repository's pictures on this origin.
  },
  // Fixed at build, like the pages: analytics from NEXT_PUBLIC_GA_MEASUREMENT_ID, the toolbar's
  // allowance when PRISMIC_ENDPOINT names a hosted repository (set both the same at build and start).
  headers: async () =>
    securityHeaderRules({
      analytics: env.NEXT_PUBLIC_GA_MEASUREMENT_ID !== undefined,
      hosted: configuredEndpoint() !== undefined,
    }),
};

/**
 * The production server's cache handler is cache-handler.mjs: with REDIS_URL set as the server
 * starts (no rebuild), every instance shares one ISR and data cache in Redis and keeps none in its
 * own memory; without it, Next's own cache (memory and the build folder on disk). Either way its
 * renders are timed for the metrics.
 */
export default function config(phase: string): NextConfig {
  if (phase !== PHASE_PRODUCTION_SERVER) return nextConfig;
  const cacheHandler = require.resolve("./cache-handler.mjs");
  return env.REDIS_URL
    ? { ...nextConfig, cacheHandler, cacheMaxMemorySize: 0 }
    : { ...nextConfig, cacheHandler };
}
