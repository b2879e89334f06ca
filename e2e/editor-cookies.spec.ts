import { readFileSync } from "node:fs";
import path from "node:path";

import fc from "fast-check";

import { NGINX_PURGE_SECRET, startNginx, type Nginx } from "../test-support/nginx";
import { expect, test } from "./fixtures";
import { translation } from "./helpers/content";
import { postContactForm } from "./helpers/contact-post";
import { rawExchange, rawRequest } from "./helpers/raw-request";
import { startSiteServer, type SiteServer } from "./helpers/site-server";

/**
 * Forged editor cookies buy nothing. Only a draft-mode cookie carrying the
 * build's preview id opens an editor's session; any other value, in any of the forms a cookie
 * header can take, gets what a visitor gets at a visitor's cost: from the request router the
 * prerendered 404 for a made-up work (not a render), from the shipped nginx the cached page (not a
 * pass to the instances). A production instance, with deploy/nginx/site.conf in front.
 */

let site: SiteServer;
let nginx: Nginx;
let previewModeId: string;

test.beforeAll(async () => {
  site = await startSiteServer();
  nginx = await startNginx({ upstreams: [new URL(site.origin).host] });
  previewModeId = JSON.parse(
    readFileSync(path.resolve(__dirname, "../.next/server/preview-props.json"), "utf8"),
  ).previewModeId;
});

test.afterAll(async () => {
  await nginx?.stop();
  await site?.stop();
});

/** A value that is not this build's preview id: random, empty, near misses, other ids. */
const forgedValue = fc.oneof(
  fc.string({ maxLength: 40 }).map((text) => text.replace(/[;\r\n\s"\\,]/g, "")),
  fc.stringMatching(/^[0-9a-f]{32}$/),
  fc.constantFrom("", "1", "true", "undefined", "null", "0"),
);

/** Every way a Cookie header can carry the draft cookie (and Prismic's preview cookie beside it). */
function cookieForms(value: string): string[][] {
  const preview = "io.prismic.preview=https%3A%2F%2Fvif-argent.prismic.io%2Fpreviews%2Fx";
  return [
    [`__prerender_bypass=${value}`],
    [`a=1;__prerender_bypass=${value}`],
    [`a=1; __prerender_bypass = ${value} `],
    [`__prerender_bypass="${value}"`],
    [`__PRERENDER_BYPASS=${value}`],
    ["a=1", `__prerender_bypass=${value}`],
    [`${preview}; __prerender_bypass=${value}`],
    [preview],
  ];
}

const sample = <T>(arbitrary: fc.Arbitrary<T>, runs: number, seed: number) =>
  fc.sample(arbitrary, { numRuns: runs, seed });

test("the request router: a forged cookie gets the prerendered 404 for a made-up work, a valid one a render", async () => {
  const notFoundHeading = translation("fr", "errors.not_found_message");
  // Well-formed uids (a malformed one is a 404 before any cookie is read).
  const uids = sample(fc.stringMatching(/^[a-z][a-z0-9]{3,20}$/), 30, 41);
  const values = sample(forgedValue, 30, 42);
  for (const [index, uid] of uids.entries()) {
    const forms = cookieForms(values[index]);
    const cookie = forms[index % forms.length];
    const forged = await rawRequest(site.origin, `/works/${uid}`, { headers: { cookie } });
    expect(forged.status, `${cookie}`).toBe(404);
    // A visitor's 404: the prerendered not-found page (its heading), taken from Next's cache, not a
    // render of the work's page for this made-up uid (which ends in an empty shell, no heading).
    expect(forged.body, `${cookie}`).toMatch(new RegExp(`<h1[^>]*>${notFoundHeading}</h1>`));
    expect(forged.headers["cache-control"], `${cookie}`).toMatch(/s-maxage=/);
  }
  const editor = await rawRequest(site.origin, `/works/${uids[0]}`, {
    headers: { cookie: `__prerender_bypass=${previewModeId}` },
  });
  expect(editor.headers["cache-control"]).toContain("no-store");
});

/** Asks for `page` as a visitor until nginx answers it from a fresh stored copy. */
async function freshInCache(page: string) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const visitor = await rawRequest(nginx.origin, page);
    if (visitor.headers["x-cache-status"] === "HIT") return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${page} is not a fresh hit in nginx's cache after 5 visits`);
}

test("nginx: a forged cookie gets the cached page; a valid session passes the cache", async () => {
  const paths = ["/", "/works", "/en/works", "/en/legals"];
  for (const page of paths) {
    // Twice: the second visitor request is served from the cache.
    await rawRequest(nginx.origin, page);
    const visitor = await rawRequest(nginx.origin, page);
    expect(visitor.headers["x-cache-status"], page).toBe("HIT");
  }
  const values = sample(forgedValue, 40, 43);
  for (const [index, value] of values.entries()) {
    const page = paths[index % paths.length];
    // A stored page is fresh for its revalidate window (5 s), which this loop outlasts on a busy
    // machine: a visitor's request first makes sure the stored copy is fresh (a stale one is
    // served once and renewed), so that HIT is what each forged request is compared to.
    await freshInCache(page);
    for (const cookie of cookieForms(value)) {
      const forged = await rawRequest(nginx.origin, page, { headers: { cookie } });
      expect(forged.headers["x-cache-status"], `${page} ${cookie}`).toBe("HIT");
    }
  }
  for (const cookie of [
    [`__prerender_bypass=${previewModeId}`],
    [`a=1; __prerender_bypass=${previewModeId}`],
    ["a=1", `__prerender_bypass=${previewModeId}`],
  ]) {
    const editor = await rawRequest(nginx.origin, "/works", { headers: { cookie } });
    expect(editor.headers["x-cache-status"], `${cookie}`).toBe("BYPASS");
    expect(editor.headers["cache-control"]).toContain("no-store");
  }
});

test("nginx: a forged cookie on a page not yet stored costs a visitor's request once, and is dropped", async () => {
  const values = sample(forgedValue, 24, 44);
  const pages = ["/", "/works", "/en/legals", "/works/electrique", "/en/works-completed"];
  for (const [index, value] of values.entries()) {
    const forms = cookieForms(value);
    const cookie = forms[index % forms.length];
    const page = pages[index % pages.length];
    // An empty cache, so the forged request is the one that fills the key a visitor then reads.
    const purged = await rawRequest(nginx.origin, "/purge-all", {
      method: "PURGE",
      headers: { "x-purge-secret": NGINX_PURGE_SECRET },
    });
    expect(purged.status).toBe(200);
    const first = await rawRequest(nginx.origin, page, { headers: { cookie } });
    expect(first.headers["x-cache-status"], `${page} ${cookie}`).toBe("MISS");
    // Answered as a visitor's: stored, so the same forged request is then a hit.
    const again = await rawRequest(nginx.origin, page, { headers: { cookie } });
    expect(again.headers["x-cache-status"], `${page} ${cookie}`).toBe("HIT");
    expect(again.status).toBe(first.status);
    // Where the claim named the draft cookie, the browser is told to drop it.
    if (/__prerender_bypass/i.test(cookie.join(";"))) {
      expect(String(first.headers["set-cookie"]), `${cookie}`).toMatch(
        /^__prerender_bypass=;.*Expires=Thu, 01 Jan 1970/,
      );
    }
  }
  // A valid session keeps its cookie.
  const editor = await rawRequest(nginx.origin, "/en/legals?utm_source=editor", {
    headers: { cookie: `__prerender_bypass=${previewModeId}` },
  });
  expect(editor.headers["x-cache-status"]).toBe("BYPASS");
  expect(editor.headers["set-cookie"]).toBeUndefined();
});

/** The headers of a client navigation (Next's router), in the forms the proxy accepts. */
const navigationHeaders = fc.record(
  {
    rsc: fc.constantFrom("1", "1", "0", "true"),
    "next-router-prefetch": fc.constantFrom(undefined, "1"),
    "next-router-state-tree": fc.constantFrom(undefined, "%5B%22%22%2C%7B%7D%5D"),
    "next-url": fc.constantFrom(undefined, "/works"),
  },
  { requiredKeys: ["rsc"] },
);

test("nginx: a client navigation carrying a draft cookie, valid or forged, gets its answer", async () => {
  const cases = sample(
    fc.tuple(
      fc.constantFrom("/", "/works", "/en/works", "/en/legals"),
      navigationHeaders,
      forgedValue,
      fc.boolean(),
    ),
    30,
    46,
  );
  for (const [page, navigation, value, valid] of cases) {
    const headers = Object.fromEntries(
      Object.entries(navigation).filter(([, v]) => v !== undefined),
    ) as Record<string, string>;
    headers.cookie = `__prerender_bypass=${valid ? previewModeId : value}`;
    // As Next's router asks (the _rsc hash left to the server: an unknown one is redirected).
    const answer = await rawRequest(nginx.origin, `${page}?_rsc=1`, { headers });
    const what = `${page} ${JSON.stringify(headers)}`;
    expect(answer.status, what).toBeLessThan(500);
    // RSC answers are never stored by nginx, an editor's or a visitor's: each goes to an instance.
    expect(answer.headers["x-cache-status"], what).toBe("BYPASS");
  }
});

test("nginx: the contact form posted without JavaScript is received, with or without a draft cookie", async () => {
  // As a browser posts it: its Origin names the site with its port, as nginx is reached.
  const cookies = [undefined, "__prerender_bypass=forged", `__prerender_bypass=${previewModeId}`];
  for (const cookie of cookies) {
    const sent = await postContactForm(
      nginx.origin,
      "/contact",
      { name: "Ada", email: "ada@example.com", purpose: "other", message: "A project to talk about." },
      cookie ? { cookie } : {},
    );
    // Accepted and queued (no SMTP in the suite): answered with a redirect to the confirmation.
    expect([sent.status, sent.location], `${cookie}`).toEqual([303, "/contact#contact-queued"]);
  }
});

/** A claim nginx cannot simply forward: a body the check must not pass on, or a cookie the instance refuses. */
const awkwardClaim = fc.record({
  method: fc.constantFrom("GET", "POST", "HEAD"),
  body: fc.oneof(
    fc.constant(""),
    fc.stringMatching(/^[a-z0-9 ]{1,200}$/),
    fc.constant("GET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n"),
  ),
  // Several Cookie lines, each under nginx's 8 kB buffers, together past Node's 16 kB header limit.
  cookieLines: fc.integer({ min: 1, max: 4 }),
  lineLength: fc.constantFrom(10, 4_500),
  value: forgedValue,
});

test("nginx: a claim with a body or a cookie the instance refuses is answered as a visitor's, and others' requests as theirs", async () => {
  for (const claim of sample(awkwardClaim, 30, 47)) {
    const cookies = Array.from({ length: claim.cookieLines }, (_, line) =>
      line === 0
        ? `Cookie: __prerender_bypass=${claim.value}; pad=${"p".repeat(claim.lineLength)}`
        : `Cookie: pad${line}=${"p".repeat(claim.lineLength)}`,
    );
    const body = claim.method === "HEAD" ? "" : claim.body;
    const bytes = [
      `${claim.method} /works/made-up-${claim.lineLength}-${claim.cookieLines} HTTP/1.1`,
      "Host: 127.0.0.1",
      ...cookies,
      ...(body ? ["Content-Type: text/plain", `Content-Length: ${Buffer.byteLength(body)}`] : []),
      "",
      body,
    ].join("\r\n");
    const what = JSON.stringify(claim).slice(0, 120);
    // Visitors' requests share the instance's connections with the claim's check meanwhile.
    const [answer, ...visitors] = await Promise.all([
      rawExchange(nginx.origin, bytes),
      ...["/legals", "/en/legals", "/works"].map((page) => rawRequest(nginx.origin, page)),
    ]);
    // A GET or HEAD of a made-up work is its 404; a post reaches the page's POST handling.
    if (claim.method === "POST") expect(answer.status, what).toBeLessThan(500);
    else expect(answer.status, what).toBe(404);
    for (const visitor of visitors) expect(visitor.status, what).toBe(200);
  }
  expect(nginx.output()).not.toMatch(/auth request unexpected status/);
});
