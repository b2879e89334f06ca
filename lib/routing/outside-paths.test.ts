import fc from "fast-check";
import { readFileSync } from "node:fs";
import path from "node:path";

import {
  isOriginFormTarget,
  isOutsidePath,
  PAGE_QUERY,
  pageRequestTarget,
} from "@/lib/routing/page-request.mjs";

describe("pageRequestTarget", () => {
  test.each([
    ["/works?utm_source=news&page=2", "/works?page=2"],
    ["/legals?email=a%40b.example", "/legals"],
    ["/works?_rsc=abc", "/works?_rsc=abc"],
    ["/en/works?page=3&_rsc=x&ref=y", "/en/works?page=3&_rsc=x"],
    ["/works?utm_source=x&category=film&page=2", "/works?category=film&page=2"],
    ["/works?pa%67e=2", "/works?pa%67e=2"],
    ["/works", "/works"],
    ["/works?", "/works"],
    ["/_next/image?url=%2Fassets%2Fa.jpg&w=640&q=75", "/_next/image?url=%2Fassets%2Fa.jpg&w=640&q=75"],
    ["/preview?token=t&documentId=d", "/preview?token=t&documentId=d"],
    ["/api/exit-preview?redirect=/works", "/api/exit-preview?redirect=/works"],
    ["/slice-simulator?state=x", "/slice-simulator?state=x"],
    ["*", "*"],
  ])("%s is read as %s", (target, expected) => {
    expect(pageRequestTarget(target)).toBe(expected);
  });

  test("a page keeps its path and only the parameters pages read, as sent", () => {
    const name = fc.oneof(
      fc.constantFrom("page", "category", "_rsc", "utm_source", "email", "q", "%", "a+b"),
      fc.string(),
    );
    const part = fc
      .tuple(name, fc.string())
      .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`);
    const path = fc.constantFrom(
      "/",
      "/works",
      "/en/legals",
      "/works/hors-champ",
      "/x/y",
      "/_next/data/a/b.json",
    );
    fc.assert(
      fc.property(path, fc.array(part, { maxLength: 6 }), (pathname, parts) => {
        const result = pageRequestTarget(`${pathname}?${parts.join("&")}`);
        const [resultPath, query] = result.split("?");
        expect(resultPath).toBe(pathname);
        const kept = query === undefined ? [] : query.split("&");
        for (const piece of kept) expect(parts).toContain(piece);
        expect([...new URLSearchParams(query ?? "").keys()].every((key) => PAGE_QUERY.has(key))).toBe(true);
        // Every page parameter sent is still there, in order.
        expect(kept).toEqual(
          parts.filter((piece) => PAGE_QUERY.has(decodeURIComponent(piece.split("=")[0]))),
        );
      }),
      { numRuns: 500, seed: 22 },
    );
  });

  test("nginx's cache key keeps exactly the parameters pages read (its map and its script)", () => {
    const nginx = path.join(process.cwd(), "deploy", "nginx");
    const config = readFileSync(path.join(nginx, "site.conf"), "utf8");
    const mapped = /"~\^\(\?:([\w|]+)\)=\[\^&\]\*\(\?:&\(\?:([\w|]+)\)/.exec(config);
    expect(mapped?.[1].split("|").sort()).toEqual([...PAGE_QUERY].sort());
    expect(mapped?.[2].split("|").sort()).toEqual([...PAGE_QUERY].sort());
    const script = readFileSync(path.join(nginx, "site.js"), "utf8");
    const named = /return (name === "\w+"(?: \|\| name === "\w+")*);/.exec(script);
    expect([...(named?.[1].matchAll(/"(\w+)"/g) ?? [])].map((match) => match[1]).sort()).toEqual(
      [...PAGE_QUERY].sort(),
    );
  });

  test("the paths that are not pages", () => {
    expect(isOutsidePath("/_next/static/chunks/a.js")).toBe(true);
    expect(isOutsidePath("/_next/data/x/fr.json")).toBe(false);
    expect(isOutsidePath("/works")).toBe(false);
  });
});

describe("isOriginFormTarget", () => {
  test("a path with its query is one; any target with a fragment, absolute or asterisk form is not", () => {
    const path = fc.webPath().map((p) => p || "/");
    const query = fc.webQueryParameters();
    fc.assert(
      fc.property(path, query, fc.webFragments(), fc.webUrl(), (p, q, fragment, url) => {
        const target = q ? `${p}?${q}` : p;
        fc.pre(!target.includes("#"));
        expect(isOriginFormTarget(target)).toBe(true);
        expect(isOriginFormTarget(`${target}#${fragment}`)).toBe(false);
        expect(isOriginFormTarget(`${p}#${fragment}?${q}`)).toBe(false);
        expect(isOriginFormTarget(url)).toBe(false);
      }),
      { seed: 30 },
    );
    expect(isOriginFormTarget("*")).toBe(false);
    expect(isOriginFormTarget("")).toBe(false);
    expect(isOriginFormTarget("/works?x#&page=2")).toBe(false);
  });
});
