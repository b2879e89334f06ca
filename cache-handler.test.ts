import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

import { NEXT_RENDER_ANEW_HEADER, provideRerenderAccess } from "@/lib/cache/rerender-handoff.mjs";
import { documentTarget, FRONT_HEADERS } from "@/server/request-target.mjs";

/**
 * The Redis cache handler as Next makes it, one per request, with the request's headers. Under it
 * the library's handler stands in as a map (Redis is the library's to test); npm start's front,
 * asked for fresh renders, is a real server.
 */
const mockStored = new Map<string, unknown>();
jest.mock("@fortedigital/nextjs-cache-handler", () => ({
  CacheHandler: class {
    static onCreation() {}
    async get(key: string) {
      return mockStored.get(key) ?? null;
    }
    async set(key: string, value: unknown) {
      mockStored.set(key, { value, lastModified: Date.now() });
    }
  },
}));
jest.mock("@fortedigital/nextjs-cache-handler/instrumentation", () => ({ registerInitialCache: jest.fn() }));
jest.mock("@fortedigital/nextjs-cache-handler/redis-strings", () => ({
  __esModule: true,
  default: jest.fn(),
}));
// REDIS_URL set as the server starts: the shared handler, the one that refreshes seeded pages.
jest.mock("@/lib/env/runtime-env.mjs", () => {
  const actual = jest.requireActual("@/lib/env/runtime-env.mjs");
  return { ...actual, startEnv: () => ({ ...actual.startEnv(), REDIS_URL: "redis://127.0.0.1:9" }) };
});
jest.mock("@/server/request-target.mjs", () => {
  const actual = jest.requireActual("@/server/request-target.mjs");
  return { ...actual, documentTarget: jest.fn(actual.documentTarget) };
});

type Handler = { get(key: string, ctx: { kind: string }): Promise<unknown> };
let Handler: new (context: { _requestHeaders: Record<string, string> }) => Handler;
beforeAll(async () => {
  Handler = (await import("./cache-handler.mjs")).default as unknown as typeof Handler;
});

const KEY = "/route-cache/APP_PAGE/87188dbe/$/fr/works";
const seed = { value: { kind: "APP_PAGE", html: "built", seededFromBuild: true }, lastModified: 0 };
const rendered = { value: { kind: "APP_PAGE", html: "rendered anew" }, lastModified: 1 };

/** npm start's front: each request it is asked stores a fresh render of the page. */
let front: { asked: string[]; close: () => Promise<unknown> };
beforeEach(async () => {
  mockStored.clear();
  jest.mocked(documentTarget).mockClear();
  const asked: string[] = [];
  const server = createServer((request, response) => {
    asked.push(request.url ?? "");
    mockStored.set(KEY, rendered);
    response.writeHead(200, { "content-type": "text/html" }).end("<!DOCTYPE html>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  provideRerenderAccess(globalThis, {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    token: "token",
  });
  front = { asked, close: () => new Promise((resolve) => server.close(resolve)) };
});
afterEach(() => front.close());

/** A request for `target` as the front passes it on, with `headers` besides. */
function request(target: string, headers: Record<string, string> = {}) {
  return new Handler({ _requestHeaders: { [FRONT_HEADERS.target]: target, ...headers } });
}

test("a seeded page's first request gets it rendered anew at the URL it came for, less Next's navigation hash", async () => {
  mockStored.set(KEY, seed);
  await expect(request("/works?_rsc=1x2y").get(KEY, { kind: "APP_PAGE" })).resolves.toMatchObject(rendered);
  expect(front.asked).toEqual(["/works"]);
});

test("only a seeded page's read works out where to ask for it again: any other read leaves the target alone", async () => {
  mockStored.set(KEY, rendered);
  await expect(request("/works?_rsc=1x2y").get(KEY, { kind: "APP_PAGE" })).resolves.toMatchObject(rendered);
  await expect(request("/works").get("/fr/legals", { kind: "APP_PAGE" })).resolves.toBeNull();
  expect(documentTarget).not.toHaveBeenCalled();
  mockStored.set(KEY, seed);
  await request("/works?_rsc=1x2y").get(KEY, { kind: "APP_PAGE" });
  expect(documentTarget).toHaveBeenCalledTimes(1);
});

test.each([
  ["Next's on-demand revalidation", NEXT_RENDER_ANEW_HEADER],
  // A fresh render the request router passed on without Next's header (its own rewrite to the 404
  // page): asking again would ask for the same URL, a request that would wait for this one.
  ["the front's render anew, not handed on as Next's", FRONT_HEADERS.renderAnew],
])("a request that is itself a fresh render (%s) asks for none", async (_, header) => {
  mockStored.set(KEY, seed);
  await expect(request("/works", { [header]: "preview-id" }).get(KEY, { kind: "APP_PAGE" })).resolves.toEqual(
    seed,
  );
  expect(front.asked).toEqual([]);
});
