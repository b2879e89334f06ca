/**
 * The security headers every response carries, as next.config's `headers()`
 * rules. The Content-Security-Policy is the same for every visitor, so pages
 * stay static (no per-request nonce); editors in draft mode on a hosted
 * repository get one that also allows Prismic's toolbar. The README explains
 * each allowance.
 */
// Relative imports: next.config loads this module, and its loader has no "@/".
import { EMBEDDED_PLAYER_ORIGINS } from "./embedded-players";
import { SLICE_SIMULATOR_PATH } from "./slice-simulator-access";

/** The cookie Next sets in draft mode (`draftMode().enable()`): an editor previewing, never a visitor. */
export const DRAFT_MODE_COOKIE = "__prerender_bypass";

export interface Header {
  key: string;
  value: string;
}

export interface HeaderRule {
  source: string;
  has?: Array<{ type: "cookie"; key: string }>;
  headers: Header[];
}

/** Google's tag and where GA4 sends its hits (Google's documented CSP for GA4). */
const GOOGLE_ANALYTICS = {
  script: ["https://*.googletagmanager.com"],
  connect: [
    "https://*.google-analytics.com",
    "https://*.analytics.google.com",
    "https://*.googletagmanager.com",
  ],
  img: ["https://*.google-analytics.com", "https://*.googletagmanager.com"],
};

/** Prismic's toolbar: its script, the iframes and API calls to the repository, its fonts and images. */
const PRISMIC_TOOLBAR = ["https://static.cdn.prismic.io", "https://prismic.io", "https://*.prismic.io"];

/** Images of a hosted repository come from Prismic's Imgix hosts. */
const PRISMIC_IMAGES = ["https://images.prismic.io", "https://*.cdn.prismic.io"];

/** Slice Machine's simulator frames /slice-simulator: locally (port 9999) and in Prismic's page builder. */
export const SLICE_MACHINE_ORIGINS = ["http://localhost:9999", "https://*.prismic.io"];

export interface CspOptions {
  /** Audience measurement is configured: Google's tag may load (only after consent, the page decides). */
  analytics: boolean;
  /** Draft mode on a hosted repository: Prismic's toolbar may load. */
  toolbar: boolean;
  /** Who may frame the page; nobody unless given. */
  frameAncestors?: readonly string[];
}

export function contentSecurityPolicy({
  analytics,
  toolbar,
  frameAncestors = ["'none'"],
}: CspOptions): string {
  const ga = (list: string[]) => (analytics ? list : []);
  const prismic = toolbar ? PRISMIC_TOOLBAR : [];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    // 'unsafe-inline': Next streams each page's data in inline scripts; a nonce would make every page dynamic.
    "script-src": ["'self'", "'unsafe-inline'", ...ga(GOOGLE_ANALYTICS.script), ...prismic],
    // Inline style attributes (React `style` props, custom properties per element).
    "style-src": ["'self'", "'unsafe-inline'", ...prismic],
    "img-src": ["'self'", "data:", "blob:", ...PRISMIC_IMAGES, ...ga(GOOGLE_ANALYTICS.img), ...prismic],
    "font-src": ["'self'", ...prismic],
    "connect-src": ["'self'", ...ga(GOOGLE_ANALYTICS.connect), ...prismic],
    "frame-src": [...EMBEDDED_PLAYER_ORIGINS, ...prismic],
    "media-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": [...frameAncestors],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}

/** Browser features the site never uses, denied to it and to every frame; the players keep theirs. */
const DENIED_FEATURES = [
  "accelerometer",
  "browsing-topics",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "hid",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "serial",
  "usb",
];
const PLAYER_FEATURES = ["autoplay", "encrypted-media", "fullscreen", "picture-in-picture"];

export function permissionsPolicy(): string {
  const players = ["self", ...EMBEDDED_PLAYER_ORIGINS.map((origin) => `"${origin}"`)].join(" ");
  return [
    ...DENIED_FEATURES.map((feature) => `${feature}=()`),
    ...PLAYER_FEATURES.map((feature) => `${feature}=(${players})`),
  ].join(", ");
}

/** The headers that do not depend on the page. */
export function baseHeaders(): Header[] {
  return [
    // Two years, as HSTS preload lists ask; browsers ignore it over plain http.
    { key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" },
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    { key: "Permissions-Policy", value: permissionsPolicy() },
    { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  ];
}

const csp = (options: CspOptions): Header => ({
  key: "Content-Security-Policy",
  value: contentSecurityPolicy(options),
});

/**
 * The rules, in order (for the same header, a later matching rule wins):
 * everything, then editors' draft mode on a hosted repository, then the slice simulator.
 */
export function securityHeaderRules({
  analytics,
  hosted,
}: {
  analytics: boolean;
  hosted: boolean;
}): HeaderRule[] {
  return [
    { source: "/:path*", headers: [...baseHeaders(), csp({ analytics, toolbar: false })] },
    ...(hosted
      ? [
          {
            source: "/:path*",
            has: [{ type: "cookie" as const, key: DRAFT_MODE_COOKIE }],
            headers: [csp({ analytics, toolbar: true })],
          },
        ]
      : []),
    {
      source: SLICE_SIMULATOR_PATH,
      headers: [
        csp({ analytics: false, toolbar: false, frameAncestors: ["'self'", ...SLICE_MACHINE_ORIGINS] }),
        // An editors' tool, never a page to index, whatever it shows.
        { key: "X-Robots-Tag", value: "noindex, nofollow" },
      ],
    },
  ];
}
