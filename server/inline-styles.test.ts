import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { cssForInlining, inlineHeadStyles, stylesheetReader } from "@/server/inline-styles.mjs";

const link = (href: string) => `<link rel="stylesheet" href="${href}" data-precedence="next"/>`;
const inlined = (href: string) =>
  `<link rel="stylesheet" href="${href}" data-precedence="next" type="text/x-inlined"/>`;

const SHEETS: Record<string, string> = {
  "/_next/static/chunks/a.css": "body{color:red}",
  "/_next/static/chunks/b.css": ".b{color:blue}",
  "/_next/static/chunks/c.css": ".c{color:green}",
};
const read = (href: string) => SHEETS[href];

describe("a stylesheet's text, ready to stand in a page", () => {
  test("its relative addresses become absolute; others stay as written", () => {
    const css =
      '@font-face{src:url(../media/a.woff2)}@font-face{src:url("../media/b.woff2") format("woff2")}' +
      ".x{background:url('./x.png')}.y{background:url(/assets/y.png)}.z{background:url(data:image/png;base64,AA==)}" +
      ".w{background:url(https://images.prismic.io/w.png)}.f{filter:url(#f)}";
    expect(cssForInlining(css, "/_next/static/chunks/s.css")).toBe(
      '@font-face{src:url(/_next/static/media/a.woff2)}@font-face{src:url("/_next/static/media/b.woff2") format("woff2")}' +
        ".x{background:url('/_next/static/chunks/x.png')}.y{background:url(/assets/y.png)}.z{background:url(data:image/png;base64,AA==)}" +
        ".w{background:url(https://images.prismic.io/w.png)}.f{filter:url(#f)}",
    );
  });

  test("an address keeps its query and fragment", () => {
    expect(cssForInlining(".f{filter:url(../media/f.svg?v=2#blur)}", "/_next/static/chunks/s.css")).toBe(
      ".f{filter:url(/_next/static/media/f.svg?v=2#blur)}",
    );
  });

  test("a stylesheet with @import or @charset, which only a sheet's start may hold, is not inlined", () => {
    expect(
      cssForInlining('@import url("x.css");.a{color:red}', "/_next/static/chunks/s.css"),
    ).toBeUndefined();
    expect(cssForInlining('@charset "utf-8";.a{color:red}', "/_next/static/chunks/s.css")).toBeUndefined();
  });

  test("a stylesheet that would end the <style> it stands in is not inlined", () => {
    expect(
      cssForInlining('.x::after{content:"</style><script>"}', "/_next/static/chunks/s.css"),
    ).toBeUndefined();
    expect(cssForInlining('.x::after{content:"</STYLE "}', "/_next/static/chunks/s.css")).toBeUndefined();
  });

  test("a stylesheet whose address is written with a CSS escape, which is not resolved here, keeps its own address", () => {
    for (const ref of ["\\\\cdn.example/i.png", "..\\2f media/x.woff2", "a\\.png"])
      expect(cssForInlining(`.a{background:url(${ref})}`, "/_next/static/chunks/s.css")).toBeUndefined();
  });
});

describe("a page's head with its stylesheets written in", () => {
  test("a run of links becomes one <style> in its place, each link kept after it, never fetched", () => {
    const head = `<head><meta charset="utf-8"/>${link("/_next/static/chunks/a.css")}${link("/_next/static/chunks/b.css")}<title>t</title>`;
    expect(inlineHeadStyles(head, read)).toBe(
      `<head><meta charset="utf-8"/><style data-precedence="next">body{color:red}\n.b{color:blue}</style>` +
        `${inlined("/_next/static/chunks/a.css")}${inlined("/_next/static/chunks/b.css")}<title>t</title>`,
    );
  });

  test("a stylesheet that cannot be read stays linked, and the rules keep their order around it", () => {
    const head =
      link("/_next/static/chunks/a.css") +
      link("/_next/static/chunks/missing.css") +
      link("/_next/static/chunks/c.css");
    expect(inlineHeadStyles(head, read)).toBe(
      `<style data-precedence="next">body{color:red}</style>${inlined("/_next/static/chunks/a.css")}` +
        link("/_next/static/chunks/missing.css") +
        `<style data-precedence="next">.c{color:green}</style>${inlined("/_next/static/chunks/c.css")}`,
    );
  });

  test("only the build's own stylesheets are read: any other address stays linked, unread", () => {
    const asked: string[] = [];
    const hrefs = [
      "/_next/static/chunks/../../../etc/passwd.css",
      "/_next/static/./chunks/a.css",
      "https://cdn.example/_next/static/chunks/a.css",
      "//cdn.example/_next/static/chunks/a.css",
      "/assets/a.css",
      "/_next/static/chunks/a.css?v=1",
      "/_next/static/chunks/a.js",
    ];
    const head = hrefs.map(link).join("");
    expect(
      inlineHeadStyles(head, (href) => {
        asked.push(href);
        return "x{}";
      }),
    ).toBe(head);
    expect(asked).toEqual([]);
  });
});

describe("the build's stylesheets, read from its folder", () => {
  let dist: string;
  beforeAll(() => {
    dist = mkdtempSync(path.join(os.tmpdir(), "inline-styles-"));
    mkdirSync(path.join(dist, "static", "chunks"), { recursive: true });
    writeFileSync(path.join(dist, "static", "chunks", "s.css"), "@font-face{src:url(../media/f.woff2)}");
    writeFileSync(path.join(dist, "secret.css"), "x{}");
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  test("each once, ready for the page; nothing outside the build's static folder", () => {
    const readFromBuild = stylesheetReader(dist);
    expect(readFromBuild("/_next/static/chunks/s.css")).toBe(
      "@font-face{src:url(/_next/static/media/f.woff2)}",
    );
    rmSync(path.join(dist, "static", "chunks", "s.css"));
    expect(readFromBuild("/_next/static/chunks/s.css")).toBe(
      "@font-face{src:url(/_next/static/media/f.woff2)}",
    );
    expect(readFromBuild("/_next/static/../secret.css")).toBeUndefined();
    expect(readFromBuild("/_next/static/chunks/none.css")).toBeUndefined();
  });
});
