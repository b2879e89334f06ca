import { Agent, request as httpRequest } from "node:http";

import { seededRandom } from "@vifargent/content-api/seeded";

import { expect, test } from "./fixtures";

/**
 * Hostile input, generated: a few thousand paths, query strings, preview links,
 * cookies, contact form posts and webhook bodies of each kind, sent raw to the
 * production server (no URL normalisation on the way). None may answer 5xx or
 * hang, and none may come back with the input's markup unescaped.
 */

const PORT = Number(process.env.E2E_PORT ?? 3100);
const PER_KIND = 2000;
const CONCURRENCY = 8;
const MARKUP = "<svg/onload=alert(1)>";

/** Seeded, so a failure can be replayed with the same inputs. */
function generator(seed: number) {
  const next = seededRandom(seed);
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)];
  return { next, int, pick };
}

type Random = ReturnType<typeof generator>;

/** Pieces of hostile text, already safe to put on an HTTP request line (no spaces, no raw non-ASCII). */
const PIECES = [
  "%",
  "%f",
  "%zz",
  "%ff%fe",
  "%E0%A4%A",
  "%C0%AF",
  "%00",
  "%0d%0a",
  "%2f",
  "%2F%2F",
  "%5c",
  "..",
  "%2e%2e",
  ".%2e",
  "\\",
  "//",
  "%F0%9F%92%A5",
  "%E6%BC%A2%E5%AD%97",
  "%D8%B9%D8%B1%D8%A8%D9%8A",
  "caf%C3%A9",
  encodeURIComponent(MARKUP),
  "'\"",
  "%3Cscript%3E",
  "works",
  "en",
  "fr",
  "page",
  "__proto__",
  "constructor",
  "index.php",
  ".env",
  "wp-admin",
  "~",
  "%7E",
  ";",
  "@",
  "$",
];

function text(random: Random, maxPieces = 6): string {
  let out = "";
  const count = 1 + random.int(maxPieces);
  for (let i = 0; i < count; i++)
    out += random.next() < 0.7 ? random.pick(PIECES) : random.int(1e9).toString(36);
  // Now and then, very long.
  if (random.next() < 0.02) out += "a".repeat(2000 + random.int(6000));
  return out;
}

const PREFIXES = [
  "",
  "/en",
  "/works",
  "/en/works",
  "/works-completed",
  "/en/works-in-production",
  "/contact",
  "/legals",
  "/fr",
  "/en/lists",
  "/preview",
  "/api",
  "/api/revalidate",
  "/assets",
  "/sitemaps",
  "/_next",
  "/_next/static",
  "/_next/image",
  "/slice-simulator",
];
const PAGES = [
  "/",
  "/en",
  "/works",
  "/en/works",
  "/works/electrique",
  "/contact",
  "/en/legals",
  "/works-completed",
];

interface Probe {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer;
}

interface Answer {
  status: number;
  body: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

/** Sends a request exactly as given (the path is not parsed or normalised); fails after 15 s. */
function send(probe: Probe): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: "127.0.0.1",
        port: PORT,
        agent,
        method: probe.method ?? "GET",
        path: probe.path,
        headers: { ...probe.headers, ...(probe.body ? { "content-length": String(probe.body.length) } : {}) },
        timeout: 15_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
        response.on("error", reject);
      },
    );
    request.on("timeout", () =>
      request.destroy(
        new Error(`no answer within 15 s: ${probe.method ?? "GET"} ${probe.path.slice(0, 200)}`),
      ),
    );
    request.on("error", reject);
    request.end(probe.body);
  });
}

/** Sends every probe, a few at a time, and lists what went wrong. */
async function fire(probes: Probe[]): Promise<{ problems: string[]; statuses: Map<number, number> }> {
  const problems: string[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const worker = async () => {
    while (next < probes.length) {
      const probe = probes[next++];
      const where = `${probe.method ?? "GET"} ${probe.path.slice(0, 160)}`;
      try {
        const { status, body } = await send(probe);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status >= 500) problems.push(`${status} for ${where}`);
        if (body.includes(MARKUP)) problems.push(`markup reflected unescaped for ${where}`);
      } catch (error) {
        problems.push(`${(error as Error).message} (${where})`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { problems, statuses };
}

function summary(statuses: Map<number, number>): string {
  return [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(" ");
}

test.describe.configure({ mode: "serial", timeout: 300_000 });

test.afterAll(() => agent.destroy());

test("paths: malformed encoding, unicode, encoded slashes and dots, null bytes, very long", async () => {
  const random = generator(1);
  const probes = Array.from({ length: PER_KIND }, () => ({
    path: `${random.pick(PREFIXES)}/${text(random)}${random.next() < 0.3 ? `/${text(random, 3)}` : ""}`,
  }));
  const { problems, statuses } = await fire(probes);
  test.info().annotations.push({ type: "statuses", description: summary(statuses) });
  expect(problems).toEqual([]);
});

test("query strings on real pages", async () => {
  const random = generator(2);
  const keys = ["page", "page", "_rsc", "__proto__", "ref", "lang", "redirect", text(random, 2)];
  const probes = Array.from({ length: PER_KIND }, () => {
    const pairs = Array.from({ length: 1 + random.int(3) }, () => `${random.pick(keys)}=${text(random, 3)}`);
    return { path: `${random.pick(PAGES)}?${pairs.join("&")}` };
  });
  const { problems, statuses } = await fire(probes);
  test.info().annotations.push({ type: "statuses", description: summary(statuses) });
  expect(problems).toEqual([]);
});

test("preview links and exit redirects", async () => {
  const random = generator(3);
  const probes = Array.from({ length: PER_KIND }, () =>
    random.next() < 0.6
      ? { path: `/preview?token=${text(random)}&documentId=${text(random, 3)}` }
      : { path: `/api/exit-preview?redirect=${text(random)}` },
  );
  const { problems, statuses } = await fire(probes);
  test.info().annotations.push({ type: "statuses", description: summary(statuses) });
  expect(problems).toEqual([]);
});

test("cookies: consent, draft mode and preview cookies of any shape", async () => {
  const random = generator(4);
  const names = ["vifargent_consent", "vifargent_consent", "__prerender_bypass", "io.prismic.preview"];
  const values = () =>
    random.pick([
      () => text(random),
      () =>
        encodeURIComponent(JSON.stringify({ necessary: random.next() < 0.5, analytics: text(random, 2) })),
      () => encodeURIComponent(`{"__proto__":{"analytics":true},"a":${"[".repeat(random.int(50))}`),
      () => "x".repeat(random.int(3500)),
    ])();
  const probes = Array.from({ length: PER_KIND }, () => ({
    path: random.pick(PAGES),
    headers: { cookie: `${random.pick(names)}=${values()}; ${random.pick(names)}=${values()}` },
  }));
  const { problems, statuses } = await fire(probes);
  test.info().annotations.push({ type: "statuses", description: summary(statuses) });
  expect(problems).toEqual([]);
});

test("contact form posts without JavaScript, fields of any shape", async () => {
  const random = generator(5);
  // The form's own hidden fields (the Server Action's id and bound state), as a browser without JavaScript sends them.
  const page = (await send({ path: "/contact" })).body;
  const hidden = [...page.matchAll(/<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?/g)].map(
    ([, name, value = ""]) => [name, value.replace(/&quot;/g, '"').replace(/&amp;/g, "&")] as const,
  );
  expect(hidden.some(([name]) => name.startsWith("$ACTION"))).toBe(true);
  const fields = [
    "name",
    "email",
    "company",
    "message",
    "purpose",
    "consent",
    "started",
    "page",
    "page_1",
    "extra",
  ];
  const probes = Array.from({ length: PER_KIND }, (_, index) => {
    const boundary = `----fuzz${index}`;
    const parts = [
      ...hidden,
      ...fields.filter(() => random.next() < 0.8).map((name) => [name, decodeSafe(text(random, 8))] as const),
    ];
    const body = Buffer.from(
      parts
        .map(
          ([name, value]) =>
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        )
        .join("") + `--${boundary}--\r\n`,
    );
    return {
      method: "POST",
      path: random.next() < 0.8 ? "/contact" : "/en/contact",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      body,
    };
  });
  const { problems, statuses } = await fire(probes);
  test.info().annotations.push({ type: "statuses", description: summary(statuses) });
  expect(problems).toEqual([]);
});

test("webhook bodies: wrong types, malformed JSON, wrong content types, huge", async () => {
  const random = generator(6);
  const bodies = [
    () => JSON.stringify({ secret: text(random, 2), type: "api-update" }),
    () => JSON.stringify({ secret: random.int(1000) }),
    () => JSON.stringify([text(random)]),
    () => JSON.stringify(text(random)),
    () => `{"secret": ${text(random, 3)}`,
    () => text(random),
    () => "",
    () => JSON.stringify({ secret: "x", padding: "y".repeat(random.int(700_000)) }),
  ];
  const types = [
    "application/json",
    "application/json",
    "text/plain",
    "application/x-www-form-urlencoded",
    "",
    "application/ld+json",
  ];
  const probes = Array.from({ length: PER_KIND }, (): Probe => {
    const type = random.pick(types);
    return {
      method: "POST",
      path: "/api/revalidate",
      headers: type ? { "content-type": type } : undefined,
      body: Buffer.from(random.pick(bodies)()),
    };
  });
  const { problems, statuses } = await fire(probes);
  test.info().annotations.push({ type: "statuses", description: summary(statuses) });
  expect(problems).toEqual([]);
  // Nothing but refusals: no generated body carries the secret.
  expect(statuses.get(200) ?? 0).toBe(0);
});

/** Field values are text as a browser sends it: decode the generated escapes where they decode. */
function decodeSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
