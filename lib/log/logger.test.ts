import fc from "fast-check";

import {
  createLogger,
  forwardConsole,
  loggerFor,
  prettyLine,
  requestIdFrom,
  withRequestId,
} from "@/lib/log/logger.mjs";
import { redactText, redactValue } from "@/lib/log/log-redaction.mjs";
import { parseStartEnv } from "@/lib/env/runtime-env.mjs";

/** A logger writing into an array; `LOG_*` and NODE_ENV as a test's environment would set them. */
function capture(env: Record<string, string> = {}) {
  const lines: string[] = [];
  const log = createLogger({
    env: parseStartEnv({ NODE_ENV: "production", ...env }),
    destination: { write: (line: string) => void lines.push(line) },
  });
  return { log, lines, entries: () => lines.map((line) => JSON.parse(line)) };
}

describe("the logger", () => {
  it("writes one JSON object per line in production: level, time, msg, fields", () => {
    const { log, lines, entries } = capture();
    log.info("[server] every request answered: exiting");
    log.warn({ id: "m-1" }, "contact mail m-1: outbox (no SMTP server configured)");
    expect(lines.every((line) => line.endsWith("\n") && !line.slice(0, -1).includes("\n"))).toBe(true);
    expect(entries()).toEqual([
      expect.objectContaining({ level: "info", msg: "[server] every request answered: exiting" }),
      expect.objectContaining({
        level: "warn",
        id: "m-1",
        msg: "contact mail m-1: outbox (no SMTP server configured)",
      }),
    ]);
    expect(entries()[0].time).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it("keeps an error's type, message and stack on the same line", () => {
    const { log, lines, entries } = capture();
    log.error(new TypeError("fetch failed"), "[content] page home fr-fr: TypeError: fetch failed");
    log.error(new Error("alone"));
    expect(lines).toHaveLength(2);
    expect(entries()[0]).toMatchObject({
      msg: "[content] page home fr-fr: TypeError: fetch failed",
      err: {
        type: "TypeError",
        message: "fetch failed",
        stack: expect.stringContaining("TypeError: fetch failed\n"),
      },
    });
    expect(entries()[1]).toMatchObject({ msg: "alone", err: { type: "Error", message: "alone" } });
    // The stack stays inside the JSON string: no line of the output is a bare stack frame.
    expect(lines.join("")).not.toMatch(/^\s+at /m);
  });

  it("honours LOG_LEVEL", () => {
    const { log, entries } = capture({ LOG_LEVEL: "warn" });
    log.debug("no");
    log.info("no");
    log.warn("yes");
    log.error("yes");
    expect(entries().map((entry) => entry.msg)).toEqual(["yes", "yes"]);
    const silent = capture({ LOG_LEVEL: "silent" });
    silent.log.fatal("nothing");
    expect(silent.lines).toEqual([]);
  });

  it("is readable in development: pretty by default unless LOG_FORMAT says json", () => {
    const development = capture({ NODE_ENV: "development" });
    development.log.warn({ reqId: "r1" }, "[router] work fr/x: could not be reached");
    expect(development.lines[0]).toMatch(
      /^\d\d:\d\d:\d\d\.\d{3} WARN {2}\[router\] work fr\/x: could not be reached \{"reqId":"r1"\}\n$/,
    );
    development.log.error(new Error("boom"), "failed");
    expect(development.lines[1]).toMatch(/ ERROR failed\n {4}Error: boom\n {8}at /);
    const json = capture({ NODE_ENV: "development", LOG_FORMAT: "json" });
    json.log.info("x");
    expect(JSON.parse(json.lines[0])).toMatchObject({ msg: "x" });
    expect(prettyLine("not json")).toBe("not json\n");
  });

  it("adds the request id a request carries, and ignores one that does not look like an id", () => {
    const { log, entries } = capture();
    loggerFor(new Headers({ "x-request-id": "f3a9c2d1e0b4" }), log).info("with");
    loggerFor(new Headers({ "x-request-id": "<script>forged" }), log).info("forged");
    loggerFor(new Headers({ "x-request-id": "a".repeat(200) }), log).info("too long");
    loggerFor(new Headers(), log).info("without");
    loggerFor(null, log).info("none");
    expect(entries().map((entry) => entry.reqId)).toEqual([
      "f3a9c2d1e0b4",
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("appends extra parts to the message (no printf placeholders)", () => {
    const { log, entries } = capture();
    (log.warn as (...parts: unknown[]) => void)("scroll-to: no such target", "#missing", 42);
    log.info("100% %s done");
    expect(entries().map((entry) => entry.msg)).toEqual([
      "scroll-to: no such target #missing 42",
      "100% %s done",
    ]);
  });
});

/* ------------------------------------------------------------------ redaction, with generated secrets */

const token = fc.stringMatching(/^[A-Za-z0-9_-]{16,40}$/);
const email = fc.emailAddress().filter((address) => address.length >= 6);
/** Text around a secret: anything but line breaks, kept apart from the secret by a space. */
const around = fc.string({ maxLength: 30 }).map((text) => text.replace(/[\r\n]/g, " "));

/** A secret and a text that carries it the way code and libraries write them. */
const secretInText = fc.oneof(
  fc
    .tuple(token, fc.webUrl())
    .map(([secret, url]) => ({ secret, text: `${url}${url.includes("?") ? "&" : "?"}ref=${secret}&q=1` })),
  fc.tuple(token, fc.webUrl()).map(([secret, url]) => ({ secret, text: `${url}?access_token=${secret}` })),
  fc.tuple(token, fc.webUrl()).map(([secret, url]) => ({
    secret,
    text: `${url}?lang=*&token=${encodeURIComponent(`https://repo.prismic.io/previews/${secret}?websitePreviewId=${secret}`)}`,
  })),
  token.map((secret) => ({
    secret,
    text: `https://vif-argent.prismic.io/previews/${secret}?websitePreviewId=${secret}`,
  })),
  token.map((secret) => ({ secret, text: `Authorization: Bearer ${secret}` })),
  token.map((secret) => ({
    secret,
    text: `authorization=Basic ${Buffer.from(secret).toString("base64")}`,
    also: Buffer.from(secret).toString("base64"),
  })),
  token.map((secret) => ({
    secret,
    text: `cookie: consent=%7B%7D; io.prismic.preview=${secret}; __prerender_bypass=${secret}`,
  })),
  token.map((secret) => ({ secret, text: `{"ref":"${secret}","lang":"fr-fr"}` })),
  token.map((secret) => ({ secret, text: `smtp://user:${secret}@mail.example.com:587` })),
  token.map((secret) => ({ secret, text: `redis://:${secret}@10.0.0.7:6379/0` })),
  email.map((secret) => ({ secret, text: secret })),
  email.map((secret) => ({ secret, text: `mailto:${secret}` })),
  email.map((secret) => ({ secret, text: `<${secret}>: Recipient address rejected` })),
  email.map((secret) => ({ secret, text: `to=${encodeURIComponent(secret)}` })),
);

/** Every way a secret reaches the logger: message, extra parts, error, nested fields, URLs, headers. */
const logCall = fc.oneof(
  fc.tuple(around, secretInText, around).map(([a, s, b]) => ({ ...s, call: [`${a} ${s.text} ${b}`] })),
  fc.tuple(around, secretInText).map(([a, s]) => ({ ...s, call: [a, s.text] })),
  fc.tuple(around, secretInText).map(([a, s]) => ({ ...s, call: [new Error(`${a} ${s.text}`)] })),
  fc.tuple(around, secretInText).map(([a, s]) => ({
    ...s,
    call: [{ err: new Error("outer", { cause: new Error(`${a} ${s.text}`) }) }, "failed"],
  })),
  fc
    .tuple(around, secretInText)
    .map(([a, s]) => ({ ...s, call: [{ detail: { list: [{ deep: `${a} ${s.text}` }] } }, a] })),
  fc
    .tuple(around, secretInText)
    .map(([a, s]) => ({ ...s, call: [{ url: s.text.startsWith("http") ? new URL(s.text) : s.text }, a] })),
  fc.tuple(around, token).map(([a, secret]) => ({
    secret,
    call: [{ headers: new Headers({ authorization: secret, cookie: `io.prismic.preview=${secret}` }) }, a],
  })),
  fc.tuple(around, token).map(([a, secret]) => ({
    secret,
    call: [
      { accessToken: secret, previewRef: secret, credentials: { password: secret }, webhook_secret: secret },
      a,
    ],
  })),
  fc
    .tuple(
      around,
      fc.string({ minLength: 12, maxLength: 200 }).filter((text) => text.trim().length >= 12),
    )
    .map(([a, body]) => ({
      secret: body,
      call: [{ mail: { subject: "Press", text: body, html: `<p>${body}</p>` }, form: { message: body } }, a],
    })),
);

describe("redaction", () => {
  it("keeps every generated secret out of the line, in JSON and pretty formats", () => {
    for (const format of ["json", "pretty"]) {
      fc.assert(
        fc.property(
          logCall,
          fc.constantFrom("info", "warn", "error") as fc.Arbitrary<"info" | "warn" | "error">,
          (input, level) => {
            const { log, lines } = capture({ LOG_FORMAT: format });
            (log[level] as (...args: unknown[]) => void)(...input.call);
            expect(lines).toHaveLength(1);
            const line = lines[0];
            expect(line).not.toContain(input.secret);
            if ("also" in input && input.also) expect(line).not.toContain(input.also);
            if (format === "json") JSON.parse(line);
          },
        ),
        { numRuns: Number(process.env.REDACTION_RUNS ?? 300) },
      );
    }
  });

  it("keeps what an operator needs", () => {
    expect(
      redactText(
        "Unexpected status code [503] on URL http://127.0.0.1:3001/api/v2/documents/search?ref=Xy_z123&lang=fr-fr&pageSize=1",
      ),
    ).toBe(
      "Unexpected status code [503] on URL http://127.0.0.1:3001/api/v2/documents/search?ref=[redacted]&lang=fr-fr&pageSize=1",
    );
    expect(redactText("http://127.0.0.1:3001/api/v2 response timeout")).toBe(
      "http://127.0.0.1:3001/api/v2 response timeout",
    );
    expect(redactText("[cache] Redis unavailable (connect ECONNREFUSED 127.0.0.1:6379)")).toBe(
      "[cache] Redis unavailable (connect ECONNREFUSED 127.0.0.1:6379)",
    );
    expect(redactText('<a href="/works">')).toBe('<a href="/works">');
    expect(redactText("contact mail 0b7c-42: outbox (550 5.1.1 <ann@example.org>: unknown)")).toBe(
      "contact mail 0b7c-42: outbox (550 5.1.1 <[email]>: unknown)",
    );
    expect(redactValue({ id: "m-1", href: "/x", status: 503, ok: false, when: new Date(0) })).toEqual({
      id: "m-1",
      href: "/x",
      status: 503,
      ok: false,
      when: "1970-01-01T00:00:00.000Z",
    });
  });

  it("survives cycles, depth and size", () => {
    const cycle: Record<string, unknown> = { name: "a" };
    cycle.self = cycle;
    expect(redactValue(cycle)).toEqual({ name: "a", self: "[Circular]" });
    let deep: Record<string, unknown> = { leaf: true };
    for (let i = 0; i < 10; i++) deep = { deep };
    expect(JSON.stringify(redactValue(deep))).toContain("[Object]");
    expect(redactValue(Array.from({ length: 60 }, (_, i) => i))).toHaveLength(51);
    expect(redactValue(Buffer.from("secret"))).toBe("[6 bytes]");
  });
});

describe("the console, forwarded to the logger", () => {
  /** A console-like object forwarded to a capturing logger. */
  function forwarded() {
    const { log, lines, entries } = capture();
    const target = { error() {}, warn() {}, info() {}, log() {}, debug() {} } as unknown as Console;
    forwardConsole(target, log);
    return { target, lines, entries };
  }

  it("logs Next's error reports at their level, with the error's stack as `err`", () => {
    const { target, entries } = forwarded();
    target.error("⨯", new TypeError("fetch failed"));
    target.warn("\u001b[33m⚠\u001b[39m slow");
    target.log("plain", 3);
    expect(entries()).toEqual([
      expect.objectContaining({
        level: "error",
        msg: "⨯",
        err: expect.objectContaining({ type: "TypeError", stack: expect.stringContaining("fetch failed") }),
      }),
      expect.objectContaining({ level: "warn", msg: "⚠ slow" }),
      expect.objectContaining({ level: "info", msg: "plain 3" }),
    ]);
  });

  it("keeps every generated secret out of what any console method prints", () => {
    const methods = ["error", "warn", "info", "log"] as const;
    fc.assert(
      fc.property(logCall, fc.constantFrom(...methods), fc.boolean(), (input, method, prefixed) => {
        const { target, lines } = forwarded();
        const args = prefixed ? ["⨯", ...input.call] : input.call;
        (target[method] as (...args: unknown[]) => void)(...args);
        expect(lines).toHaveLength(1);
        expect(lines[0]).not.toContain(input.secret);
        if ("also" in input && input.also) expect(lines[0]).not.toContain(input.also);
      }),
      { numRuns: Number(process.env.REDACTION_RUNS ?? 300) },
    );
  });
});

describe("a request's id", () => {
  it("is on every line logged while the request is handled, and on nothing after", async () => {
    const { log, entries } = capture();
    await withRequestId("req-1", async () => {
      log.info("first");
      await new Promise((resolve) => setTimeout(resolve, 1));
      // Even where a library logs through the console.
      const ignore = (...args: unknown[]) => void args;
      const target = { error: ignore, warn: ignore, info: ignore, log: ignore, debug: ignore };
      forwardConsole(target, log);
      target.error(new Error("from Next"));
      // And without a duplicate where code asks for a request's logger.
      loggerFor(new Headers({ "x-request-id": "req-1" }), log).warn("third");
    });
    log.info("after");
    expect(entries().map((entry) => [entry.msg, entry.reqId])).toEqual([
      ["first", "req-1"],
      ["from Next", "req-1"],
      ["third", "req-1"],
      ["after", undefined],
    ]);
  });

  it("is the proxy's when it looks like an id, else a new one", () => {
    expect(requestIdFrom("0f1e2d3c4b5a69788796a5b4c3d2e1f0")).toBe("0f1e2d3c4b5a69788796a5b4c3d2e1f0");
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constant(undefined), fc.array(fc.string())), (header) => {
        const id = requestIdFrom(header);
        expect(id).toMatch(/^[A-Za-z0-9._:-]{1,128}$/);
        if (typeof header === "string" && /^[A-Za-z0-9._:-]{1,128}$/.test(header.trim()))
          expect(id).toBe(header.trim());
      }),
      { seed: 24 },
    );
  });
});
