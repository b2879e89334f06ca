import fc from "fast-check";

import { NGINX_PURGE_SECRET, startNginx, type Nginx } from "../test-support/nginx";
import { expect, test } from "./fixtures";
import { renderedContent } from "./helpers/html";
import { rawExchange, rawRequest } from "./helpers/raw-request";
import { publishWatch, startSiteServer, type SiteServer } from "./helpers/site-server";

/**
 * The cache stores only requests in the site's one spelling, keyed by what the server reads, on the shipped
 * deploy/nginx/site.conf in front of a production instance. Generated router headers (repeated,
 * odd, mixed case) never store one kind of answer under another's key; images are keyed by the
 * format negotiated; nginx's own answers carry the site's security headers; purging needs the
 * shared secret; /api/health tells its details to allowed addresses only and probes at most once
 * per period; form posts are limited per address. And the instance, which keeps a page rendered
 * once for everyone, reads nothing of a request but what keys it: a visitor's query string never
 * reaches the stored page, and bytes Node refuses still get the security headers.
 */

const WEBHOOK_SECRET = "proxy-cache-webhook-secret";

let site: SiteServer;
let nginx: Nginx;

test.beforeAll(async () => {
  site = await startSiteServer({
    TRUST_PROXY: "1",
    HEALTH_DETAIL_ADDRESSES: "192.0.2.10",
    PRISMIC_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  nginx = await startNginx({ upstreams: [new URL(site.origin).host] });
});

test.afterAll(async () => {
  await nginx?.stop();
  await site?.stop();
});

/** Empties nginx's cache (as the publish webhook does). */
async function purge() {
  const answer = await rawRequest(nginx.origin, "/purge-all", {
    method: "PURGE",
    headers: { "x-purge-secret": NGINX_PURGE_SECRET },
  });
  expect(answer.status).toBe(200);
}

const isHtml = (body: string) => /^<!DOCTYPE html>/i.test(body.trimStart());

/**
 * A visitor's request through nginx as a browser makes it: a redirect to the page's one spelling
 * (the page's own parameters first, the visitor's others after them, re-encoded) followed once.
 */
async function visit(target: string) {
  const first = await rawRequest(nginx.origin, target);
  if (first.status !== 308) return first;
  const location = first.headers.location ?? "";
  expect(location.startsWith("/") && !location.startsWith("//"), target).toBe(true);
  return rawRequest(nginx.origin, location);
}

/** Router headers as a client may send them: repeated, odd values, any case. */
const routerHeader = fc.record({
  name: fc.constantFrom(
    "RSC",
    "rsc",
    "Next-Router-Prefetch",
    "next-router-segment-prefetch",
    "Next-Url",
    "Next-Router-State-Tree",
  ),
  values: fc.array(fc.constantFrom("1", "0", "1 ", " 1", "true", "2", "1,1", "/_tree", "/", "%5B%5D", ""), {
    minLength: 1,
    maxLength: 3,
  }),
});

test("router headers, however odd or repeated, never store one kind of answer under another's key", async () => {
  // A client navigation's URL: `_rsc` carries the hash of the router headers (empty for a plain
  // navigation), so an attacker and a visitor's browser ask for the very same URL.
  const pages = ["/", "/works", "/en/works"];
  const cases = fc.sample(
    fc.tuple(fc.constantFrom(...pages), fc.boolean(), fc.array(routerHeader, { minLength: 1, maxLength: 3 })),
    { numRuns: 150, seed: 5 },
  );
  for (const [page, navigation, headers] of cases) {
    const sent: Record<string, string[]> = {};
    for (const { name, values } of headers)
      sent[name.toLowerCase()] = [...(sent[name.toLowerCase()] ?? []), ...values];
    const url = navigation ? `${page}?_rsc` : page;
    // On an empty cache, so the odd request is the one that fills its key.
    await purge();
    await rawRequest(nginx.origin, url, { headers: sent });
    // Whatever that stored: a visitor gets the HTML page, and a client navigation its RSC data.
    const visitor = await rawRequest(nginx.origin, page);
    expect(visitor.status).toBe(200);
    expect(isHtml(visitor.body), `${page} after ${JSON.stringify(sent)}`).toBe(true);
    const client = await rawRequest(nginx.origin, `${page}?_rsc`, { headers: { rsc: "1" } });
    expect(client.status, `${page}?_rsc after ${JSON.stringify(sent)}`).toBe(200);
    // RSC payloads are never stored here: the instances answer them from their own cache.
    expect(client.headers["x-cache-status"], `${page}?_rsc`).toBe("BYPASS");
    expect(client.headers["content-type"], `${page}?_rsc after ${JSON.stringify(sent)}`).toContain(
      "text/x-component",
    );
  }
});

test("an image is stored per negotiated format: each browser gets one it accepts", async () => {
  const html = (await rawRequest(nginx.origin, "/works")).body;
  const src = /\/_next\/image\?url=[^"\s]+/.exec(html)?.[0].replace(/&amp;/g, "&");
  expect(src).toBeTruthy();
  const accepts = [
    ["image/avif,image/webp,image/apng,image/*,*/*;q=0.8", "image/avif"],
    ["image/webp,*/*", "image/webp"],
    ["image/png,image/*;q=0.8", undefined],
    ["*/*", undefined],
  ] as const;
  // Twice round, so the second round is served from the cache.
  for (let round = 0; round < 2; round++) {
    for (const [accept, expected] of accepts) {
      const answer = await rawRequest(nginx.origin, src!, { headers: { accept } });
      expect(answer.status).toBe(200);
      const type = answer.headers["content-type"];
      if (expected) expect(type, accept).toBe(expected);
      else expect(type, accept).not.toMatch(/avif|webp/);
    }
  }
});

test("answers nginx makes itself carry the site's security headers", async () => {
  const page = await rawRequest(nginx.origin, "/");
  const security = [
    "strict-transport-security",
    "x-content-type-options",
    "referrer-policy",
    "permissions-policy",
    "cross-origin-opener-policy",
  ];
  const tooLarge = await rawRequest(nginx.origin, "/contact", {
    method: "POST",
    headers: { "content-type": "text/plain", "content-length": String(3 * 1024 * 1024) },
  }).catch(() => undefined);
  const down = await (async () => {
    const broken = await startNginx({ upstreams: ["127.0.0.1:9"] });
    try {
      return await rawRequest(broken.origin, "/never-cached");
    } finally {
      await broken.stop();
    }
  })();
  const precondition = await rawRequest(nginx.origin, "/", { headers: { "if-match": '"not-this-one"' } });
  const refusedPurges = await Promise.all(
    [
      { method: "PURGE", headers: {} as Record<string, string> },
      { method: "PURGE", headers: { "x-purge-secret": "wrong" } },
      { method: "GET", headers: { "x-purge-secret": NGINX_PURGE_SECRET } },
    ].map((options) => rawRequest(nginx.origin, "/purge-all", options)),
  );
  for (const answer of [tooLarge, down, precondition, ...refusedPurges]) {
    expect(answer).toBeDefined();
    expect([403, 405, 412, 413, 502]).toContain(answer!.status);
    for (const name of security) expect(answer!.headers[name], name).toBe(page.headers[name]);
    expect(answer!.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(answer!.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  }
});

/** Requests nginx refuses itself, before any location: malformed lines, oversized URIs and headers. */
const refusedRequest = fc.oneof(
  // A request line it cannot parse: a method in lower case or with odd bytes, a bad target or version.
  fc
    .tuple(
      fc.constantFrom("get", "Get", "G\u0000T", "GET\t", "PO ST", "GET"),
      fc.constantFrom("/", "/works", "/%00", "/\u0001", "works", "/a b", "/%", "*"),
      fc.constantFrom("HTTP/1.1", "HTTP/1.1", "HTTP/9.9", "HTTP/1.x", "http/1.1"),
    )
    .filter(
      ([method, target, version]) =>
        !(method === "GET" && /^\/(works)?$/.test(target) && version === "HTTP/1.1"),
    )
    .map(([method, target, version]) => `${method} ${target} ${version}\r\nHost: 127.0.0.1\r\n\r\n`),
  // A URI or a header past nginx's buffers (8 kB).
  fc
    .integer({ min: 9_000, max: 40_000 })
    .map((length) => `GET /${"a".repeat(length)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`),
  fc
    .integer({ min: 9_000, max: 40_000 })
    .map((length) => `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${"b".repeat(length)}\r\n\r\n`),
  // Two Host headers, a malformed header line.
  fc.constant("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n"),
  fc.constant("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header\r\n\r\n"),
  // Methods no page serves (nginx refuses TRACE itself, the instance both: 405), a transfer coding it does not know (501), a major version it
  // does not speak (505).
  fc
    .tuple(fc.constantFrom("TRACE", "TRACK"), fc.constantFrom("/", "/works", "/en/legals", "/api/health"))
    .map(([method, target]) => `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`),
  fc
    .constantFrom("gzip", "chunked, gzip", "identity", "x")
    .map((coding) => `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: ${coding}\r\n\r\n`),
  fc.constantFrom("HTTP/2.0", "HTTP/3.1").map((version) => `GET / ${version}\r\nHost: 127.0.0.1\r\n\r\n`),
);

test("requests nginx refuses before any location get the security headers too", async () => {
  const page = await rawRequest(nginx.origin, "/");
  for (const bytes of fc.sample(refusedRequest, { numRuns: 60, seed: 22 })) {
    const what = JSON.stringify(bytes.slice(0, 60));
    const answer = await rawExchange(nginx.origin, bytes);
    expect([400, 405, 414, 431, 501, 505], what).toContain(answer.status);
    expect(answer.headers["strict-transport-security"], what).toBe(page.headers["strict-transport-security"]);
    expect(answer.headers["x-content-type-options"], what).toBe("nosniff");
    expect(answer.headers["content-security-policy"], what).toContain("default-src 'none'");
  }
});

test("whatever bytes reach an instance directly, its answer carries the security headers", async () => {
  const page = await rawRequest(site.origin, "/");
  for (const bytes of fc.sample(refusedRequest, { numRuns: 60, seed: 23 })) {
    const what = JSON.stringify(bytes.slice(0, 60));
    const answer = await rawExchange(site.origin, bytes);
    // Node refuses most of them itself (400, 431), npm start the methods no page serves (405);
    // what it passes on is answered by the site.
    expect(answer.status, what).toBeGreaterThanOrEqual(200);
    expect(answer.headers["strict-transport-security"], what).toBe(page.headers["strict-transport-security"]);
    expect(answer.headers["x-content-type-options"], what).toBe("nosniff");
    expect(answer.headers["content-security-policy"], what).toBeDefined();
    if ([400, 405, 431].includes(answer.status))
      expect(answer.headers["content-security-policy"], what).toContain("default-src 'none'");
  }
});

/** A visitor's query string: campaign tags, personal data, markup, and the parameters pages do read. */
const visitorQuery = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom("utm_source", "email", "gclid", "fbclid", "q", "ref", "__proto__", "PAGE", "page[]"),
        fc.stringMatching(/^[a-z_]{1,12}$/),
      ),
      fc.stringMatching(/^[a-z0-9]{4,12}$/),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((pairs) => pairs.filter(([name]) => name !== "page" && name !== "_rsc"));

test("a visitor's query string never reaches the page stored for everyone", async () => {
  test.setTimeout(120_000);
  const live = publishWatch(site);
  const pages = ["/legals", "/en/legals", "/works", "/works/electrique", "/en/works-completed"];
  const queries = fc.sample(visitorQuery, { numRuns: 15, seed: 24 });
  for (const [index, pairs] of queries.entries()) {
    const page = pages[index % pages.length];
    const marker = `seen${index}x${pairs.map(([, value]) => value).join("")}`;
    const query = [...pairs.map(([name, value]) => `${encodeURIComponent(name)}=${marker}${value}`)];
    // After a publish, the next request renders the page that is then kept for everyone.
    const webhook = await fetch(`${site.origin}/api/revalidate`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ secret: WEBHOOK_SECRET }),
    });
    expect(webhook.status).toBe(200);
    const first = await rawRequest(site.origin, `${page}?${query.join("&")}`);
    expect(first.status, page).toBe(200);
    // Nor in the page its sender gets: the query is for the browser's scripts, which read it there.
    expect(first.body, page).not.toContain(marker);
    const later = await rawRequest(site.origin, page);
    expect(later.body, `${page} ${query.join("&")}`).not.toContain(marker);
  }
  // The publishes' background renders end before the next test compares stored pages.
  await live({ publishes: queries.length, timeoutMs: 90_000 });
});

/** Next's internal request headers (lib/net/internal-headers.mjs), as anyone can send them. */
const internalHeaders = fc.dictionary(
  fc.constantFrom(
    "x-nextjs-data",
    "x-middleware-prefetch",
    "x-middleware-subrequest",
    "x-now-route-matches",
    "x-matched-path",
    "x-prerender-revalidate",
    "X-Nextjs-Data",
    "next-resume",
  ),
  fc.constantFrom(
    "1",
    "0",
    "middleware:middleware:middleware:middleware:middleware",
    "/fr/legals",
    "nxtPslug=x",
    "",
  ),
  { minKeys: 1, maxKeys: 4 },
);

test("Next's internal request headers change nothing, on the instance or in the cache", async () => {
  const pages = ["/", "/works", "/en/legals"];
  // A page is known by its title and its end (an answer of another kind has neither).
  const summary = (body: string) =>
    `${/<title>[^<]*<\/title>/.exec(body)?.[0]} ${body.trimEnd().endsWith("</html>")}`;
  const plain = new Map<string, string>();
  for (const page of pages) plain.set(page, summary((await rawRequest(site.origin, page)).body));
  for (const [index, headers] of fc.sample(internalHeaders, { numRuns: 24, seed: 22 }).entries()) {
    const page = pages[index % pages.length];
    const what = `${page} ${JSON.stringify(headers)}`;
    // Straight to an instance: the page itself, as a visitor gets it, stored as usual.
    const direct = await rawRequest(site.origin, page, { headers });
    expect(direct.status, what).toBe(200);
    expect(isHtml(direct.body), what).toBe(true);
    expect(summary(direct.body), what).toBe(plain.get(page));
    expect(direct.headers["cache-control"], what).toMatch(/s-maxage=/);
    // Through nginx on an empty cache, so the odd request fills the key a visitor then reads.
    await purge();
    const stored = await rawRequest(nginx.origin, page, { headers });
    expect(stored.headers["x-middleware-rewrite"], what).toBeUndefined();
    const visitor = await rawRequest(nginx.origin, page);
    expect(visitor.status, what).toBe(200);
    expect(visitor.headers["x-cache-status"], what).toBe("HIT");
    expect(summary(visitor.body), what).toBe(plain.get(page));
  }
});

/** Next's data URLs, for pages the router 404s, the internal tree, the simulator, made-up names. */
const dataUrl = (buildId: string) =>
  fc
    .tuple(
      fc.constantFrom(buildId, "x", buildId.toLowerCase()),
      fc.constantFrom(
        "/fr/legals",
        "/en/legals",
        "/fr",
        "/index",
        "/fr/lists/works_page/all/1",
        "/fr/works/les-veilleurs",
        "/fr/slice-simulator",
        "/slice-simulator",
      ),
      fc.stringMatching(/^[a-z]{0,8}$/),
      fc.constantFrom(".json", ".json?state=%7B%22slices%22%3A%5B%5D%7D", ".json?page=2"),
    )
    .map(([id, page, suffix, end]) => `/_next/data/${id}${page}${suffix}${end}`);

test("Next's data URLs reach no page, on the instance or through nginx", async () => {
  const buildId = JSON.parse(
    (await rawRequest(site.origin, "/api/health", { headers: { "x-forwarded-for": "192.0.2.10" } })).body,
  ).buildId;
  expect(buildId).toEqual(expect.any(String));
  for (const url of fc.sample(dataUrl(buildId), { numRuns: 40, seed: 22 })) {
    const asked: Record<string, string>[] = [{}, { "sec-fetch-dest": "document", "x-nextjs-data": "1" }];
    for (const headers of asked) {
      const direct = await rawRequest(site.origin, url, { headers });
      expect(direct.status, url).toBe(404);
      // The site's own 404 page (prerendered, from Next's cache), never a page's data.
      expect(isHtml(direct.body), url).toBe(true);
      expect(direct.body, url).not.toContain("pageProps");
      // Through nginx, the same 404 page, never stored.
      const proxied = await rawRequest(nginx.origin, url, { headers });
      expect(proxied.status, url).toBe(404);
      expect(isHtml(proxied.body), url).toBe(true);
      expect(proxied.headers["x-cache-status"], url).not.toBe("HIT");
    }
  }
});

test("a purge needs the shared secret, besides an allowed address", async () => {
  const wrong = fc.sample(
    fc.string({ maxLength: 50 }).filter((text) => /^[\x21-\x7e]*$/.test(text)),
    { numRuns: 30, seed: 9 },
  );
  for (const secret of [...wrong, NGINX_PURGE_SECRET.slice(0, -1), `${NGINX_PURGE_SECRET}x`]) {
    const answer = await rawRequest(nginx.origin, "/purge-all", {
      method: "PURGE",
      headers: secret ? { "x-purge-secret": secret } : {},
    });
    expect(answer.status, secret).toBe(403);
  }
  const right = await rawRequest(nginx.origin, "/purge-all", {
    method: "PURGE",
    headers: { "x-purge-secret": NGINX_PURGE_SECRET },
  });
  expect(right.status).toBe(200);
});

test("a purge empties every stored copy at once: HTML in each encoding, images", async () => {
  const logBefore = nginx.output().length;
  const html = (await rawRequest(nginx.origin, "/works")).body;
  const image = /\/_next\/image\?url=[^"\s]+/.exec(html)?.[0].replace(/&amp;/g, "&");
  expect(image).toBeTruthy();
  const copies: Array<[string, Record<string, string>]> = [
    ["/works", { "accept-encoding": "gzip, br" }],
    ["/works", {}],
    ["/en/legals", { "accept-encoding": "gzip" }],
    [image!, { accept: "image/avif,*/*" }],
  ];
  const status = async ([url, headers]: [string, Record<string, string>]) =>
    (await rawRequest(nginx.origin, url, { headers })).headers["x-cache-status"];
  for (let round = 0; round < 3; round++) {
    for (const copy of copies) await status(copy);
    for (const copy of copies) expect(await status(copy), `${copy[0]} stored`).toBe("HIT");
    await purge();
    for (const copy of copies) expect(await status(copy), `${copy[0]} after purge ${round}`).toBe("MISS");
  }
  // Nothing of it is an error in nginx's log (a missing file is a miss, not a failure).
  expect(nginx.output().slice(logBefore)).not.toMatch(/\[(crit|alert|emerg|error)\]/);
});

test("/api/health: the status for everyone, details for allowed addresses, one probe per period", async () => {
  const visitor = JSON.parse((await rawRequest(nginx.origin, "/api/health")).body);
  expect(visitor).toEqual({ status: expect.stringMatching(/^(ok|degraded)$/) });
  // With TRUST_PROXY=1 the instance reads the address nginx appends; straight to the instance, a
  // request naming the allowed address as the proxy's gets the details.
  const operator = JSON.parse(
    (await rawRequest(site.origin, "/api/health", { headers: { "x-forwarded-for": "192.0.2.10" } })).body,
  );
  expect(operator).toMatchObject({
    status: visitor.status,
    buildId: expect.any(String),
    content: expect.any(Object),
  });
  // A flood is answered from one probe per 1.5 s (lib/health/health-report.test.ts counts them):
  // every answer is the same status, and none is an error.
  const flood = await Promise.all(Array.from({ length: 200 }, () => rawRequest(nginx.origin, "/api/health")));
  expect(new Set(flood.map((answer) => `${answer.status} ${answer.body}`))).toEqual(
    new Set([`200 ${JSON.stringify(visitor)}`]),
  );
});

test("form posts are limited per address: a flood gets 429s, with the security headers", async () => {
  const answers = [];
  for (let index = 0; index < 40; index++) {
    answers.push(
      await rawRequest(nginx.origin, "/api/revalidate", {
        method: "POST",
        headers: { "content-type": "application/json" },
      }),
    );
  }
  const limited = answers.filter((answer) => answer.status === 429);
  expect(limited.length).toBeGreaterThan(20);
  expect(limited[0].headers["x-content-type-options"]).toBe("nosniff");
  // A post claiming an editor's cookie goes through another location first: the same answer.
  const claiming = await rawRequest(nginx.origin, "/legals", {
    method: "POST",
    headers: { "content-type": "text/plain", cookie: "prerender=1" },
  });
  expect(claiming.status).toBe(429);
  expect(claiming.headers["x-content-type-options"]).toBe("nosniff");
  // Pages are not limited.
  expect((await rawRequest(nginx.origin, "/works")).status).toBe(200);
});

/** What a page's query may carry besides what pages read: tags, junk, odd spellings, markup. */
const extraParameter = fc
  .tuple(
    fc.oneof(
      fc.constantFrom(
        "utm_source",
        "gclid",
        "x",
        "PAGE",
        "page[]",
        "_RSC",
        "%70age_",
        "a+b",
        "",
        "Category",
        "categories",
      ),
      fc.stringMatching(/^[a-z_]{1,10}$/),
    ),
    fc.stringMatching(/^[a-z0-9%]{0,10}$/),
  )
  .filter(([name]) => !["page", "category", "_rsc"].includes(name))
  .map(([name, value]) => `${name}=${value}`);

test("a page's query beyond what the instances read adds no stored copy: the instance serves the stored page", async () => {
  const pages = ["/", "/works", "/en/legals", "/works/electrique"];
  for (const [index, extras] of fc
    .sample(fc.array(extraParameter, { minLength: 1, maxLength: 4 }), { numRuns: 24, seed: 26 })
    .entries()) {
    const page = pages[index % pages.length];
    // `category` where the page reads it, placed anywhere among the others.
    const kept = page === "/works" ? ["category=film"] : [];
    const query = [...extras.slice(0, 1), ...kept, ...extras.slice(1)].join("&");
    await purge();
    const plain = await rawRequest(nginx.origin, kept.length ? `${page}?${kept.join("&")}` : page);
    expect(plain.headers["x-cache-status"], page).toBe("MISS");
    const tagged = await visit(`${page}?${query}`);
    expect(tagged.status, `${page}?${query}`).toBe(200);
    // Not the site's spelling: neither looked up nor stored here, and the same page.
    expect(tagged.headers["x-cache-status"], `${page}?${query}`).toBe("BYPASS");
    expect(renderedContent(tagged.body)).toEqual(renderedContent(plain.body));
    const again = await rawRequest(nginx.origin, kept.length ? `${page}?${kept.join("&")}` : page);
    expect(again.headers["x-cache-status"], page).toBe("HIT");
  }
  // What pages read still keys apart: another list page, a navigation's _rsc.
  await purge();
  await rawRequest(nginx.origin, "/works");
  for (const query of ["page=2", "page=1&page=1", "_rsc=abc", "pa%67e=1"]) {
    const answer = await rawRequest(nginx.origin, `/works?${query}&utm_source=x`);
    expect(answer.headers["x-cache-status"], query).toBe("BYPASS");
    // And it is what the instance itself answers for that query.
    expect(answer.status, query).toBe((await rawRequest(site.origin, `/works?${query}`)).status);
  }
});

test("a list narrowed to a category is stored once per category, whatever else its query holds", async () => {
  await purge();
  const film = await rawRequest(nginx.origin, "/works?category=film");
  expect(film.status).toBe(200);
  expect(film.headers["x-cache-status"]).toBe("MISS");
  for (const [index, extras] of fc
    .sample(fc.array(extraParameter, { minLength: 1, maxLength: 3 }), { numRuns: 12, seed: 25 })
    .entries()) {
    const query = [...extras.slice(0, index % 2), "category=film", ...extras.slice(index % 2)].join("&");
    const tagged = await visit(`/works?${query}`);
    expect(tagged.headers["x-cache-status"], query).toBe("BYPASS");
    expect(renderedContent(tagged.body)).toEqual(renderedContent(film.body));
  }
  // Another category is another page, its own copy.
  for (const query of ["category=series", "category=podcast"]) {
    const answer = await rawRequest(nginx.origin, `/works?${query}`);
    expect(answer.headers["x-cache-status"], query).toBe("MISS");
    expect(renderedContent(answer.body).payload === renderedContent(film.body).payload, query).toBe(false);
  }
  // The same page spelled otherwise is sent to its one URL, never stored: no copy per spelling.
  for (const query of [
    "category=film&page=1",
    "page=1&category=film",
    "category=fil%6D",
    "%63ategory=film",
  ]) {
    for (let attempt = 0; attempt < 2; attempt++) {
      const answer = await rawRequest(nginx.origin, `/works?${query}`);
      expect([answer.status, answer.headers.location, answer.headers["x-cache-status"]], query).toEqual([
        308,
        "/works?category=film",
        "BYPASS",
      ]);
    }
  }
  // An unknown category is the instance's 404, never stored.
  for (let attempt = 0; attempt < 2; attempt++) {
    const unknown = await rawRequest(nginx.origin, "/works?category=hologram");
    expect(unknown.status).toBe(404);
    expect(unknown.headers["x-cache-status"]).toBe("MISS");
  }
});

test("made-up URLs are answered, never kept: nothing to fill the cache with", async () => {
  const made = fc.sample(
    fc.oneof(
      fc.stringMatching(/^[a-z][a-z0-9-]{3,30}$/).map((uid) => `/works/${uid}`),
      fc.stringMatching(/^[a-z][a-z0-9-]{3,30}$/).map((name) => `/en/${name}`),
      fc.stringMatching(/^[A-Z]{3,8}$/).map((name) => `/${name}`),
    ),
    { numRuns: 20, seed: 27 },
  );
  for (const url of made) {
    const first = await rawRequest(nginx.origin, url);
    expect(first.status, url).toBe(404);
    const again = await rawRequest(nginx.origin, url);
    expect(again.status, url).toBe(404);
    expect(["MISS", "BYPASS"], url).toContain(again.headers["x-cache-status"]);
    expect(again.headers["content-security-policy"], url).toBeDefined();
  }
});

/** Spellings of one picture's optimiser URL other than the one next/image writes. */
const imageSpelling = fc.oneof(
  fc
    .constantFrom(
      "/assets/./cover-electrique.jpg",
      "/assets/x/../cover-electrique.jpg",
      "/assets//cover-electrique.jpg",
      "/assets\\cover-electrique.jpg",
      "/assets/%63over-electrique.jpg",
      "/assets/cover-electrique.jpg#x",
      "/assets/cover-electrique.jpg?",
      "/works",
      "https://images.prismic.io/another-repository/a.jpg",
    )
    .map((url) => `url=${encodeURIComponent(url)}&w=640&q=75`),
  fc
    .constantFrom("&x=1", "&", "&w=640", "#frag")
    .map((extra) => `url=${encodeURIComponent("/assets/cover-electrique.jpg")}&w=640&q=75${extra}`),
  fc.constantFrom(
    `url=/assets/cover-electrique.jpg&w=640&q=75`,
    `w=640&url=${encodeURIComponent("/assets/cover-electrique.jpg")}&q=75`,
    `url=${encodeURIComponent("/assets/cover-electrique.jpg")}&w=0640&q=75`,
  ),
);

test("the image optimiser takes the one spelling the site writes: others are refused before any encode", async () => {
  const canonical = `url=${encodeURIComponent("/assets/cover-electrique.jpg")}&w=640&q=75`;
  expect(
    (await rawRequest(site.origin, `/_next/image?${canonical}`, { headers: { accept: "image/avif" } }))
      .status,
  ).toBe(200);
  for (const query of fc.sample(imageSpelling, { numRuns: 30, seed: 28 })) {
    for (const origin of [site.origin, nginx.origin]) {
      const answer = await rawRequest(origin, `/_next/image?${query}`, { headers: { accept: "image/avif" } });
      expect(answer.status, `${origin} ${query}`).toBe(400);
      expect(answer.headers["content-type"], query).toMatch(/^text\/plain/);
      expect(answer.headers["x-content-type-options"], query).toBe("nosniff");
    }
  }
  expect(site.output()).not.toMatch(/internal image response failed|"level":"error"/);
});

/** Request targets no browser sends to an origin: absolute or asterisk form, or with a fragment. */
const foreignTarget = fc.oneof(
  fc
    .tuple(
      fc.constantFrom("http://evil.example", "https://site.test", "http://127.0.0.1"),
      fc.constantFrom(
        "/works",
        "/",
        "/_next/image?url=%2Fassets%2Fhero-background.jpg&w=640&q=75",
        "/api/metrics",
      ),
    )
    .map(([origin, path]) => `${origin}${path}`),
  fc.constant("*"),
  fc
    .tuple(
      fc.constantFrom("/works", "/", "/en/legals"),
      fc.stringMatching(/^[a-z0-9=&]{0,8}$/),
      fc.constantFrom("&page=2", "&_rsc=abc", "", "page=1"),
    )
    .map(([path, before, after]) => `${path}?${before}#${after}`),
);

test("targets no browser sends get a plain 400 with the security headers, and key nothing in the cache", async () => {
  const headers = (answer: { headers: Record<string, unknown> }) => [
    answer.headers["x-content-type-options"],
    String(answer.headers["content-security-policy"] ?? "").includes("default-src 'none'"),
  ];
  for (const target of fc.sample(foreignTarget, { numRuns: 30, seed: 31 })) {
    for (const method of ["GET", "OPTIONS", "HEAD"]) {
      const answer = await rawExchange(
        site.origin,
        `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
      );
      expect(answer.status, `${method} ${target}`).toBe(400);
      expect(headers(answer), `${method} ${target}`).toEqual(["nosniff", true]);
    }
  }
  // A fragment hid `page=2` from nginx's key, while the instance read it: never stored as /works.
  await purge();
  const plain = await rawRequest(nginx.origin, "/works");
  for (const target of ["/works?x#&page=2", "/works?x#&page=1", "/works?#page=2"]) {
    const answer = await rawExchange(nginx.origin, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    expect(answer.status, target).toBe(400);
  }
  const after = await rawRequest(nginx.origin, "/works");
  expect(after.headers["x-cache-status"]).toBe("HIT");
  expect(after.body).toBe(plain.body);
});

test("redirects to the one spelling carry the security headers, on the instance and through nginx", async () => {
  for (const path of ["/works/", "/en/legals/", "/preview/", "/./works", "/%77orks"]) {
    for (const origin of [site.origin, nginx.origin]) {
      const answer = await rawRequest(origin, path);
      expect(answer.status, `${origin}${path}`).toBe(308);
      expect(answer.headers["x-content-type-options"], `${origin}${path}`).toBe("nosniff");
      expect(answer.headers["strict-transport-security"], `${origin}${path}`).toBeDefined();
      expect(answer.headers["content-security-policy"], `${origin}${path}`).toBeDefined();
    }
  }
});
