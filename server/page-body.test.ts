import fc from "fast-check";

import { validateContact } from "@/features/contact/schema";
import nextConfig from "@/next.config";
import { DRAIN_LIMIT, decidePageBody, PAGE_BODY_LIMIT } from "@/server/page-body.mjs";

/**
 * Paths held to the page limit: pages (the front's spelling), made-up ones (Next renders the 404
 * page), /slice-simulator (a page, which answers Server Actions like any other), handlers that read
 * no body, and files.
 */
const PAGE_PATHS = [
  "/",
  "/contact",
  "/en/contact",
  "/en",
  "/works/a-work",
  "/not-found",
  "/en/not-found",
  "/slice-simulator",
  "/api/health",
  "/api/metrics",
  "/_next/image",
  "/_next/static/chunks/a.js",
  "/assets/a.jpg",
  "/preview",
  "/sitemap.xml",
  "/robots.txt",
];
/** The handler that reads its body with its own bound (the webhook). */
const OWN_BODY_PATHS = ["/api/revalidate"];

const page = fc.constantFrom(...PAGE_PATHS);
const length = (min: number, max: number) => fc.integer({ min, max }).map(String);

describe("a page's body, decided before Next", () => {
  test("a POST up to the limit passes, with its Content-Length", () => {
    fc.assert(
      fc.property(page, length(0, PAGE_BODY_LIMIT), (path, contentLength) => {
        expect(
          decidePageBody({ method: "POST", path, headers: { "content-length": contentLength } }),
        ).toEqual({
          action: "pass",
        });
      }),
      { seed: 413 },
    );
  });

  test("past the limit it is a 413; the body is read first when a client may still be sending it", () => {
    fc.assert(
      fc.property(page, fc.integer({ min: PAGE_BODY_LIMIT + 1, max: 2 ** 40 }), (path, bytes) => {
        expect(
          decidePageBody({ method: "POST", path, headers: { "content-length": String(bytes) } }),
        ).toEqual({ action: "refuse", status: 413, drainBytes: bytes <= DRAIN_LIMIT ? bytes : 0 });
      }),
      { seed: 414 },
    );
    // The edges.
    const at = (bytes: number) =>
      decidePageBody({ method: "POST", path: "/contact", headers: { "content-length": String(bytes) } });
    expect(at(PAGE_BODY_LIMIT)).toEqual({ action: "pass" });
    expect(at(PAGE_BODY_LIMIT + 1)).toEqual({
      action: "refuse",
      status: 413,
      drainBytes: PAGE_BODY_LIMIT + 1,
    });
    expect(at(DRAIN_LIMIT + 1)).toEqual({ action: "refuse", status: 413, drainBytes: 0 });
  });

  test("a length that is no number is refused at once", () => {
    fc.assert(
      fc.property(
        page,
        fc.string({ minLength: 1 }).filter((text) => !/^\d{1,15}$/.test(text)),
        (path, contentLength) => {
          expect(
            decidePageBody({ method: "POST", path, headers: { "content-length": contentLength } }),
          ).toEqual({
            action: "refuse",
            status: 413,
            drainBytes: 0,
          });
        },
      ),
      { seed: 415 },
    );
  });

  test("a chunked POST, with no length, is a 411; a POST with neither has no body and passes", () => {
    fc.assert(
      fc.property(page, fc.constantFrom("chunked", "gzip, chunked", "identity"), (path, encoding) => {
        expect(decidePageBody({ method: "POST", path, headers: { "transfer-encoding": encoding } })).toEqual({
          action: "refuse",
          status: 411,
          drainBytes: DRAIN_LIMIT,
        });
      }),
      { seed: 416 },
    );
    expect(decidePageBody({ method: "POST", path: "/contact", headers: {} })).toEqual({ action: "pass" });
  });

  test("other methods, and the handler that bounds its own body, are not the front's to bound", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.tuple(fc.constantFrom("GET", "HEAD", "OPTIONS", "PUT", "DELETE", "PATCH"), page),
          fc.tuple(fc.constant("POST"), fc.constantFrom(...OWN_BODY_PATHS)),
        ),
        fc.oneof(
          length(0, 2 ** 40).map((value) => ({ "content-length": value })),
          fc.constant({ "transfer-encoding": "chunked" }),
        ),
        ([method, path], headers) => {
          expect(decidePageBody({ method, path, headers })).toEqual({ action: "pass" });
        },
      ),
      { seed: 417 },
    );
  });

  test("Next's own Server Action limit is the same number", () => {
    expect(nextConfig("phase-production-build").experimental?.serverActions?.bodySizeLimit).toBe(
      PAGE_BODY_LIMIT,
    );
  });
});

/**
 * The contact form's longest legitimate post fits, with room: every field at the schema's longest
 * in characters of 3 UTF-8 bytes (the most a UTF-16 unit takes), posted without JavaScript as
 * React sends it: the fields, then React's action reference and the form state, which echoes what
 * was typed after a refused attempt. Built with the platform's own FormData and multipart encoding.
 */
describe("the limit, against the contact form's real need", () => {
  /** features/contact/schema.ts's limits, in UTF-16 units; the test below holds the schema to them. */
  const LONGEST = { name: 100, company: 120, message: 5000, email: 254 };

  function email(length: number) {
    const domain = `${"d".repeat(60)}.${"e".repeat(60)}.${"f".repeat(60)}.example`;
    return `${"a".repeat(length - domain.length - 1)}@${domain}`;
  }

  function values(char: string) {
    return {
      name: char.repeat(LONGEST.name),
      email: email(LONGEST.email),
      company: char.repeat(LONGEST.company),
      purpose: "project",
      message: char.repeat(LONGEST.message),
      consent: "on",
    };
  }

  async function noScriptPost(fields: Record<string, string>, echoed: Record<string, string>) {
    const form = new FormData();
    form.append("$ACTION_REF_1", "");
    form.append("$ACTION_1:0", JSON.stringify({ id: "7".repeat(42), bound: "$@1" }));
    form.append("$ACTION_1:1", JSON.stringify(["en", { status: "invalid", values: echoed, errors: {} }]));
    form.append("$ACTION_KEY", "k".repeat(40));
    form.append("started", String(Date.now()));
    form.append("submission", "s".repeat(22));
    form.append("website", "");
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return (await new Response(form).arrayBuffer()).byteLength;
  }

  test("the schema's limits are the ones counted here", () => {
    for (const char of ["a", "€"]) expect(validateContact(values(char))).toMatchObject({ ok: true });
    const over = values("a");
    for (const field of ["name", "company", "message"] as const) {
      const one = { ...over, [field]: "a".repeat(LONGEST[field] + 1) };
      expect(validateContact(one)).toMatchObject({ ok: false });
    }
    expect(validateContact({ ...over, email: email(LONGEST.email + 1) })).toMatchObject({ ok: false });
  });

  test("the longest post fits twice over no more than the limit; a much longer one does not", async () => {
    const longest = values("€");
    const bytes = await noScriptPost(longest, longest);
    expect(bytes).toBeGreaterThan(30_000);
    expect(bytes * 1.8).toBeLessThan(PAGE_BODY_LIMIT);
    // A message four times its limit still reaches the form's own "too long" error.
    const pasted = { ...values("a"), message: "a".repeat(4 * LONGEST.message) };
    expect(await noScriptPost(pasted, values("a"))).toBeLessThan(PAGE_BODY_LIMIT);
  });

  test("any text within the limits fits, whatever its characters", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          name: fc.string({ unit: "grapheme", maxLength: 50 }),
          company: fc.string({ unit: "grapheme", maxLength: 60 }),
          message: fc.string({ unit: "grapheme", minLength: 10, maxLength: 2500 }),
        }),
        async (typed) => {
          const fields = { ...values("a"), ...typed };
          expect(await noScriptPost(fields, fields)).toBeLessThan(PAGE_BODY_LIMIT);
        },
      ),
      { seed: 418, numRuns: 50 },
    );
  });
});
