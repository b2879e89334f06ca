import http from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";

import fc from "fast-check";
import { HtmlValidate } from "html-validate";

import { langFromPath } from "@/lib/i18n/locales";
import { requestKindOf } from "@/lib/metrics/request-kind";
import { createSiteMetrics } from "@/lib/metrics/site-metrics.mjs";
import { answerBodyRefusal, bodyRefusalPage, langOfPath } from "@/server/body-refusal.mjs";
import { decidePageBody, PAGE_BODY_LIMIT } from "@/server/page-body.mjs";
import { observeAnswer } from "@/server/request-metrics.mjs";

/**
 * A page POST over the limit, on a real HTTP server on loopback that runs the front's part of
 * server/main.mjs for it: the decision (./page-body.mjs), the answer (./body-refusal.mjs) and the
 * request metrics (./request-metrics.mjs). Behind it, a stand-in for Next that reads the whole body.
 * (npm start itself needs a build: e2e/page-body-limit.spec.ts posts to it.)
 */

const SITE_HEADERS: Array<[string, string]> = [
  ["X-Content-Type-Options", "nosniff"],
  ["Content-Security-Policy", "default-src 'none'"],
];

let origin: { host: string; port: number };
let server: http.Server;
let metrics: ReturnType<typeof createSiteMetrics>;
let nextReads: number[];

beforeAll(async () => {
  metrics = createSiteMetrics();
  metrics.hooks.requestKindOf = requestKindOf;
  nextReads = [];
  server = http.createServer((request, response) => {
    const pathname = (request.url ?? "/").split("?", 1)[0];
    response.once("close", () =>
      observeAnswer(metrics, { pathname, status: response.statusCode, cache: "none", seconds: 0 }),
    );
    const body = decidePageBody({
      method: request.method ?? "GET",
      path: pathname,
      headers: request.headers,
    });
    if (body.action === "refuse") {
      void answerBodyRefusal(request, response, {
        ...body,
        lang: langOfPath(pathname),
        headers: SITE_HEADERS,
        timeoutMs: 300,
      });
      return;
    }
    let size = 0;
    request.on("data", (chunk: Buffer) => (size += chunk.length));
    request.on("end", () => {
      nextReads.push(size);
      response.end(`read ${size}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = { host: "127.0.0.1", port: (server.address() as AddressInfo).port };
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Reads one answer (with its Content-Length) from a socket; `closed` says whether the server then closed it. */
function readAnswer(socket: Socket): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let received = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf("\r\n\r\n");
      if (end === -1) return;
      const [statusLine, ...lines] = received.subarray(0, end).toString("latin1").split("\r\n");
      const headers = Object.fromEntries(
        lines.map((line) => [
          line.slice(0, line.indexOf(":")).toLowerCase(),
          line.slice(line.indexOf(":") + 1).trim(),
        ]),
      );
      const length = Number(headers["content-length"] ?? 0);
      if (received.length < end + 4 + length) return;
      socket.off("data", onData).off("error", reject);
      resolve({
        status: Number(statusLine.split(" ")[1]),
        headers,
        body: received.subarray(end + 4, end + 4 + length).toString("utf8"),
      });
    };
    socket.on("data", onData).once("error", reject);
  });
}

function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(origin.port, origin.host, () => resolve(socket)).once("error", reject);
    socket.setTimeout(10_000, () => socket.destroy(new Error("no answer within 10 s")));
  });
}

const closedBy = (socket: Socket) => new Promise<void>((resolve) => socket.once("close", () => resolve()));

function post(path: string, headers: string[], body: Buffer | string = ""): Buffer {
  return Buffer.concat([
    Buffer.from(
      [`POST ${path} HTTP/1.1`, `Host: ${origin.host}:${origin.port}`, ...headers, "", ""].join("\r\n"),
      "latin1",
    ),
    Buffer.isBuffer(body) ? body : Buffer.from(body),
  ]);
}

const form = (bytes: number) => Buffer.alloc(bytes, "a");

async function requestsCounted(status: string) {
  const metric = (await metrics.registry.getMetricsAsJSON()).find(
    (entry) => entry.name === "site_http_requests_total",
  );
  return Object.fromEntries(
    (metric?.values ?? [])
      .filter((value) => value.labels.status === status)
      .map((value) => [String(value.labels.page_type), value.value]),
  );
}

describe("a page POST over the limit", () => {
  test("is a 413 page in French, the body read, the connection kept for the next request", async () => {
    const socket = await open();
    try {
      const size = PAGE_BODY_LIMIT + 1;
      socket.write(
        post(
          "/contact",
          [`Content-Length: ${size}`, "Content-Type: application/x-www-form-urlencoded"],
          form(size),
        ),
      );
      const answer = await readAnswer(socket);
      expect(answer.status).toBe(413);
      expect(answer.headers).toMatchObject({
        "content-type": "text/html; charset=utf-8",
        "content-language": "fr",
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
        "content-security-policy": "default-src 'none'",
      });
      expect(answer.headers.connection).not.toBe("close");
      expect(answer.body).toContain('<html lang="fr">');
      expect(answer.body).toContain("<title>Message trop long</title>");
      expect(answer.body).toContain("bouton Retour de votre navigateur");
      expect(answer.body).toContain("Raccourcissez votre message");
      // The same connection answers the next request: the body was read to its end.
      socket.write(post("/contact", ["Content-Length: 2"], "ok"));
      expect(await readAnswer(socket)).toMatchObject({ status: 200, body: "read 2" });
    } finally {
      socket.destroy();
    }
  });

  test("in English under /en, on any page (a Server Action posts to the page's own path)", async () => {
    for (const path of ["/en/contact", "/en", "/en/works/a-work"]) {
      const socket = await open();
      const size = PAGE_BODY_LIMIT + 1000;
      socket.write(post(path, [`Content-Length: ${size}`, "Next-Action: 7f00"], form(size)));
      const answer = await readAnswer(socket);
      socket.destroy();
      expect(answer.status).toBe(413);
      expect(answer.headers["content-language"]).toBe("en");
      expect(answer.body).toContain("<title>Message too long</title>");
      expect(answer.body).toContain("your browser’s Back button: your text is still there");
    }
  });

  test("up to the limit, Next gets the whole body", async () => {
    const socket = await open();
    try {
      socket.write(post("/contact", [`Content-Length: ${PAGE_BODY_LIMIT}`], form(PAGE_BODY_LIMIT)));
      expect(await readAnswer(socket)).toMatchObject({ status: 200, body: `read ${PAGE_BODY_LIMIT}` });
    } finally {
      socket.destroy();
    }
  });

  test("a huge declared length is answered at once and the connection closed, nothing read past it", async () => {
    const socket = await open();
    const closed = closedBy(socket);
    const started = Date.now();
    socket.write(post("/contact", ["Content-Length: 1073741824"], form(1024)));
    const answer = await readAnswer(socket);
    expect(Date.now() - started).toBeLessThan(250);
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe("close");
    await closed;
  });

  test("a body that stops arriving is answered at the deadline, and the connection closed", async () => {
    const socket = await open();
    const closed = closedBy(socket);
    socket.write(post("/contact", [`Content-Length: ${PAGE_BODY_LIMIT * 2}`], form(1000)));
    const answer = await readAnswer(socket);
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe("close");
    await closed;
  });

  test("a chunked body is a 411 page in the page's language", async () => {
    for (const [path, lang, title] of [
      ["/contact", "fr", "Envoi refusé"],
      ["/en/contact", "en", "Form not accepted"],
    ]) {
      const socket = await open();
      socket.write(post(path, ["Transfer-Encoding: chunked"], "5\r\nhello\r\n0\r\n\r\n"));
      const answer = await readAnswer(socket);
      socket.destroy();
      expect(answer.status).toBe(411);
      expect(answer.headers["content-language"]).toBe(lang);
      expect(answer.body).toContain(`<title>${title}</title>`);
    }
  });

  test("the webhook's body is its own to bound: passed on whole", async () => {
    const socket = await open();
    try {
      const size = 200 * 1024;
      socket.write(
        post("/api/revalidate", [`Content-Length: ${size}`, "Content-Type: application/json"], form(size)),
      );
      expect(await readAnswer(socket)).toMatchObject({ status: 200, body: `read ${size}` });
    } finally {
      socket.destroy();
    }
  });

  test("each refusal counts as the 4xx it is in the request metrics, under its page type", async () => {
    // Every 413 and 411 of the tests above (they ran first, in this file's order).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await requestsCounted("413")).toEqual({ contact_page: 4, home_page: 1, project: 1 });
    expect(await requestsCounted("411")).toEqual({ contact_page: 2 });
    expect(await requestsCounted("500")).toEqual({});
  });
});

describe("the page", () => {
  test("valid HTML in both languages and for both statuses, with nothing to load", async () => {
    const validator = new HtmlValidate({ extends: ["html-validate:standard"] });
    for (const status of [411, 413] as const)
      for (const lang of ["fr", "en"] as const) {
        const html = bodyRefusalPage(status, lang);
        const report = await validator.validateString(html);
        const problems = report.results.flatMap((result) =>
          result.messages.map((message) => message.message),
        );
        expect({ status, lang, problems }).toEqual({ status, lang, problems: [] });
        expect(html).not.toMatch(/<script|<link|<style|<img/);
        expect(html.length).toBeLessThan(1200);
      }
  });

  test("its language is the site's reading of the path", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.webPath(),
          fc.webPath().map((path) => `/en${path}`),
          fc.constantFrom("/en", "/en/", "/english", "/fr/en", "/EN/contact"),
        ),
        (path) => {
          expect(langOfPath(path)).toBe(langFromPath(path));
        },
      ),
      { seed: 411 },
    );
  });
});
