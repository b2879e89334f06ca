import fc from "fast-check";
import { readFileSync } from "node:fs";
import path from "node:path";

import { requestRules } from "@/lib/routing/request-rules";
import { WORK_CATEGORIES, categorySlug } from "@/lib/site/work-categories";
import { decideRequest } from "@/server/request-target.mjs";

/**
 * nginx stores a request only when its raw target is already the site's one spelling
 * (site.conf's `$site_cache_key`), which npm start's front decides (server/request-target.mjs).
 * nginx recognises it, it never decides it: every target its patterns accept must be one the
 * front passes on exactly as written (a file: its path alone), with nothing beside it. These
 * tests read the patterns from the shipped file itself and run them (they are PCRE written so that
 * JavaScript reads them the same) against the front, over the site's URLs and generated spellings.
 */

const conf = readFileSync(path.join(__dirname, "site.conf"), "utf8");
const block = conf.slice(conf.indexOf('map "$site_rsc|$request_uri" $site_cache_key {'));
const patterns = [...block.slice(0, block.indexOf("\n}")).matchAll(/^\s*"~(.*)" \$(\w+);$/gm)].map(
  ([, source, name]) => ({ name, pattern: new RegExp(source) }),
);

/** What nginx keys a request under, or undefined when it neither looks it up nor stores it. */
function nginxKey(target: string, rsc: boolean): { kind: string; key: string } | undefined {
  const subject = `${rsc ? "1" : ""}|${target}`;
  for (const { name, pattern } of patterns) {
    const key = pattern.exec(subject)?.groups?.[name];
    if (key !== undefined) return { kind: name, key };
  }
  return undefined;
}

test("the map holds one pattern per kind of path the site stores", () => {
  expect(patterns.map(({ name }) => name)).toEqual(["page", "list", "work", "seo", "file", "image"]);
});

const slugs = WORK_CATEGORIES.map(categorySlug);
const canonical = [
  "/",
  "/en",
  "/contact",
  "/legals",
  "/en/contact",
  "/en/legals",
  "/accessibilite",
  "/en/accessibility",
  "/works",
  "/en/works-completed",
  "/works-in-production?page=3",
  `/works?category=${slugs[0]}`,
  `/en/works?category=${slugs[1]}&page=2`,
  "/works/electrique",
  "/en/works/a.b_c-d",
  "/robots.txt",
  "/sitemap.xml",
  "/sitemaps/1.xml",
  "/_next/static/chunks/0mqm2scpf0i04.css",
  "/_next/static/media/inter_text.0z3bsatq-hdk-.woff2",
  "/assets/cover-electrique.jpg",
  "/favicon.ico",
  "/_next/image?url=%2Fassets%2Fcover-electrique.jpg&w=640&q=75",
];

test.each(canonical)("%s is stored, under its own spelling", (target) => {
  const key = nginxKey(target, false);
  expect(key).toBeDefined();
  expect(decideRequest({ method: "GET", target, rsc: false }, requestRules)).toEqual({
    action: "pass",
    target: key!.kind === "file" ? key!.key : target,
    headers: {},
  });
  // An RSC request for it is never stored.
  expect(nginxKey(`${target}${target.includes("?") ? "&" : "?"}_rsc=abc`, true)).toBeUndefined();
  expect(nginxKey(target, true)).toBeUndefined();
});

test.each([
  "/works?page=1",
  "/works?page=2&category=film",
  "/works/",
  "/works?",
  "/Works",
  "/works?utm_source=x",
  "/legals?page=2",
  "/accessibilite/",
  "/accessibility",
  "/en/accessibilite",
  "/Accessibilite",
  "/accessibilit%C3%A9",
  "/?_rsc=1",
  "/%77orks",
  "/_next/static/../../works",
  "/_next/static/./x.js",
  "/_next/static/..",
  "/assets/.hidden",
  "/assets/a.jpg/..",
  "/_next/image?url=%2Fassets%2Fa.jpg&w=0640&q=75",
  "/_next/image?w=640&url=%2Fassets%2Fa.jpg&q=75",
  "/sitemap.xml?x=1",
  "/works/a..b",
])("%s, another spelling or what no page reads, is not stored", (target) => {
  expect(nginxKey(target, false)).toBeUndefined();
});

/** Pieces the generated targets are made of: the site's own, and their odd spellings. */
const piece = fc.constantFrom(
  "works",
  "works-completed",
  "en",
  "contact",
  "legals",
  "accessibilite",
  "accessibility",
  "electrique",
  "_next",
  "static",
  "chunks",
  "a.js",
  "assets",
  "x.jpg",
  "image",
  "favicon.ico",
  "robots.txt",
  "sitemap.xml",
  "sitemaps",
  "1.xml",
  ".",
  "..",
  "",
  "%2e",
  "%2F",
  "%77orks",
  "A",
  "a.b",
  "a..b",
  "-x",
  "~",
  "%7E",
);
const parameter = fc.oneof(
  fc.constantFrom(
    "page=1",
    "page=2",
    "page=02",
    "page=10000",
    "page=99999",
    "page=%32",
    `category=${slugs[0]}`,
    `category=${slugs[2]}`,
    "category=Film",
    "category=film-",
    "category=nope",
    "_rsc=abc",
    "_rsc",
    "url=%2Fassets%2Fx.jpg",
    "w=640",
    "q=75",
    "v=2",
    "utm_source=x",
    "",
  ),
  fc.stringMatching(/^[a-z_%0-9]{1,6}=[a-z0-9%]{0,6}$/),
);
const generated = fc
  .tuple(
    fc.array(piece, { minLength: 1, maxLength: 4 }),
    fc.boolean(),
    fc.option(fc.array(parameter, { maxLength: 4 }), { nil: undefined }),
  )
  .map(([pieces, slash, params]) => {
    const target = `/${pieces.join("/")}${slash ? "/" : ""}`;
    return params === undefined ? target : `${target}?${params.join("&")}`;
  });

/** The site's own URLs with an odd ending: near misses of what nginx stores. */
const nearCanonical = fc
  .tuple(
    fc.constantFrom(...canonical),
    fc.constantFrom(
      "",
      "?",
      "&",
      "/",
      "?v=2",
      "&v=2",
      "?page=2",
      "&page=2",
      "&page=1",
      "?_rsc=a",
      "%2F",
      ".",
      "/..",
    ),
  )
  .map(([target, ending]) => `${target}${ending}`);

test("every target nginx would store is one the front passes as written, with nothing beside it", () => {
  let stored = 0;
  fc.assert(
    fc.property(fc.oneof(generated, nearCanonical), fc.constantFrom("GET", "HEAD"), (target, method) => {
      const key = nginxKey(target, false);
      if (!key) return;
      stored++;
      const decision = decideRequest({ method, target, rsc: false }, requestRules);
      // A 404 (not kept by nginx) passes to the fixed 404 path; anything else passes as written.
      if (decision.action === "pass" && decision.target.endsWith("/not-found")) return;
      expect(decision).toEqual({
        action: "pass",
        target: key.kind === "file" ? key.key : target,
        headers: {},
      });
    }),
    { seed: 32, numRuns: 20_000 },
  );
  // The generator reaches the stored kinds, not only the refused ones.
  expect(stored).toBeGreaterThan(500);
});
