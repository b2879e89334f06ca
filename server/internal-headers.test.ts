import fc from "fast-check";

import { dropInternalHeaders } from "@/server/internal-headers.mjs";
import { FRONT_HEADERS } from "@/server/request-target.mjs";

describe("dropInternalHeaders", () => {
  test("drops Next's internal request headers and keeps the browser's", () => {
    const headers: Record<string, string> = {
      host: "studio.example",
      cookie: "a=1",
      rsc: "1",
      "next-router-state-tree": "%5B%5D",
      "next-router-prefetch": "1",
      "next-url": "/works",
      "next-action": "abc",
      "x-forwarded-for": "192.0.2.1",
      "x-request-id": "r1",
      "x-nextjs-data": "1",
      "x-middleware-prefetch": "1",
      "x-middleware-subrequest": "middleware:middleware:middleware",
      "x-now-route-matches": "x=1",
      "x-matched-path": "/fr/legals",
      "x-prerender-revalidate": "id",
      "x-next-revalidated-tags": "a",
      "x-invoke-path": "/fr",
      "x-action-forwarded": "1",
      "x-invocation-id": "abc",
      "next-resume": "1",
      // The front's own, which only it sets for the request router: a client's are dropped.
      "x-site-path": "/showreel",
      "x-site-query": "redirect=//evil.example",
    };
    dropInternalHeaders(headers);
    expect(Object.keys(headers).sort()).toEqual(
      [
        "cookie",
        "host",
        "next-action",
        "next-router-prefetch",
        "next-router-state-tree",
        "next-url",
        "rsc",
        "x-forwarded-for",
        "x-request-id",
      ].sort(),
    );
  });

  test("both of the front's headers are dropped from a client's request, whatever their value", () => {
    const headers: Record<string, string> = { accept: "text/html" };
    for (const name of Object.values(FRONT_HEADERS)) headers[name] = "/made-up";
    expect(Object.values(FRONT_HEADERS)).toHaveLength(4);
    dropInternalHeaders(headers);
    expect(headers).toEqual({ accept: "text/html" });
  });

  test("no header whose name starts like Next's internal ones survives", () => {
    const name = fc
      .tuple(
        fc.constantFrom(
          "x-nextjs-",
          "x-middleware-",
          "x-now-",
          "x-next-",
          "x-invoke-",
          "x-prerender-revalidate",
        ),
        fc.stringMatching(/^[a-z0-9-]{0,12}$/),
      )
      .map(([prefix, rest]) => prefix + rest);
    fc.assert(
      fc.property(fc.uniqueArray(name, { maxLength: 6 }), (names) => {
        const headers: Record<string, string> = Object.fromEntries(names.map((n) => [n, "1"]));
        headers.accept = "text/html";
        dropInternalHeaders(headers);
        expect(headers).toEqual({ accept: "text/html" });
      }),
      { seed: 22 },
    );
  });
});
