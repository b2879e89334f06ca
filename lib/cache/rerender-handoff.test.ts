import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

import fc from "fast-check";

import {
  provideRerenderAccess,
  renderAnew,
  RERENDER_HEADER,
  rerenderAccessFrom,
} from "@/lib/cache/rerender-handoff.mjs";

/** A server standing for npm start's front: records what it is asked, answers `status`. */
async function front(status: number) {
  const asked: Array<{ url: string; headers: IncomingHttpHeaders }> = [];
  const server = createServer((request, response) => {
    asked.push({ url: request.url ?? "", headers: request.headers });
    response.writeHead(status, { "content-type": "text/html" }).end("<!DOCTYPE html>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { asked, origin, close: () => new Promise((resolve) => server.close(resolve)) };
}

test("the front's access, handed over, is found; anything else is none", () => {
  const scope = {};
  expect(rerenderAccessFrom(scope)).toBeUndefined();
  provideRerenderAccess(scope, { origin: "http://127.0.0.1:3000", token: "t" });
  expect(rerenderAccessFrom(scope)).toEqual({ origin: "http://127.0.0.1:3000", token: "t" });
  provideRerenderAccess(scope, { origin: 3000, token: "t" } as never);
  expect(rerenderAccessFrom(scope)).toBeUndefined();
});

test("a page is asked of the front at its public URL with the token; below 500 it was rendered", async () => {
  // A redirect or a 404 the content decided is what a visitor would get: rendered. A 5xx is a failure.
  const outcomes = [
    { status: 200, rendered: true },
    { status: 308, rendered: true },
    { status: 404, rendered: true },
    { status: 500, rendered: false },
    { status: 503, rendered: false },
  ];
  for (const { status, rendered } of outcomes) {
    const server = await front(status);
    const scope = {};
    provideRerenderAccess(scope, { origin: server.origin, token: "token-1" });
    try {
      await expect(renderAnew(scope, "/works?category=film&page=2", 5_000)).resolves.toEqual({
        rendered,
        status,
      });
      expect(server.asked).toEqual([
        {
          url: "/works?category=film&page=2",
          headers: expect.objectContaining({ [RERENDER_HEADER]: "token-1", "accept-encoding": "identity" }),
        },
      ]);
    } finally {
      await server.close();
    }
  }
});

test("without a front (next start, next dev), nothing is asked", async () => {
  await expect(renderAnew({}, "/works", 1_000)).resolves.toBeUndefined();
});

test("only ever a path on this server: anything another host could be read from is refused", async () => {
  const scope = {};
  provideRerenderAccess(scope, { origin: "http://127.0.0.1:9", token: "t" });
  await fc.assert(
    fc.asyncProperty(
      fc.oneof(
        fc.string().filter((target) => !target.startsWith("/")),
        fc.string().map((rest) => `//${rest}`),
        fc.webUrl(),
      ),
      async (target) => {
        await expect(renderAnew(scope, target, 1_000)).rejects.toThrow(/Not a path on this server/);
      },
    ),
  );
});
