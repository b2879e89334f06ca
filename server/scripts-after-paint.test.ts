import fc from "fast-check";

import { scriptsAfterFirstPaint } from "@/server/scripts-after-paint.mjs";
import { runInlineScripts } from "@/test-support/inline-scripts";

const script = (src: string) => `<script src="${src}" async=""></script>`;
/** React's preload of a bootstrap script: the page's entry. */
const entry = (src: string) => `<link rel="preload" as="script" fetchPriority="low" href="${src}"/>`;
/** A script preload of any other priority. */
const preload = (src: string, priority?: "high" | "auto") =>
  `<link rel="preload" as="script"${priority ? ` fetchPriority="${priority}"` : ""} href="${src}"/>`;
function unique<T>(values: T[]) {
  return [...new Set(values)];
}

const runLoader = runInlineScripts;
const LOADER = /<script>\(function\(w,d\)[\s\S]*?<\/script>/;

describe("the framework's scripts, fetched after the first paint", () => {
  const HEAD =
    `<head><meta charSet="utf-8"/>${entry("/_next/static/chunks/p.js")}${preload("/_next/static/chunks/q.js")}` +
    `${script("/_next/static/chunks/a.js")}${script("/_next/static/chunks/turbopack-b.js")}` +
    `<title>t</title><script>window.dataLayer=[]</script>` +
    `<script src="/_next/static/chunks/polyfills.js" noModule=""></script>`;

  test("leave the head, one loader in the place of the first; every other script stays", () => {
    const { head: out } = scriptsAfterFirstPaint(HEAD);
    expect(out).not.toContain('async=""');
    expect(out).not.toContain('<link rel="preload"');
    expect(out.startsWith('<head><meta charSet="utf-8"/><script>(function(w,d){')).toBe(true);
    expect(out).toContain("<title>t</title><script>window.dataLayer=[]</script>");
    expect(out).toContain('<script src="/_next/static/chunks/polyfills.js" noModule=""></script>');
  });

  const IN_ORDER = [
    { tag: "link", rel: "preload", as: "script", fetchPriority: "low", href: "/_next/static/chunks/q.js" },
    { tag: "script", src: "/_next/static/chunks/p.js", async: true },
    { tag: "script", src: "/_next/static/chunks/a.js", async: true },
    { tag: "script", src: "/_next/static/chunks/turbopack-b.js", async: true },
  ];

  test("are added, in their order, once the first contentful paint is on screen, and only once", () => {
    const { added, fire, listeners, observers } = runLoader(scriptsAfterFirstPaint(HEAD).head, {
      readyState: "loading",
    });
    expect(observers).toHaveLength(1);
    const [observer] = observers;
    listeners[0]!();
    observer!.report(["first-paint"]);
    expect(added).toEqual([]);
    observer!.report(["first-contentful-paint"]);
    expect(added).toEqual(IN_ORDER);
    expect(observer!.disconnected).toBe(true);
    fire(1000);
    expect(added).toHaveLength(4);
  });

  test("where a browser reports no paint, after the parsed document's next frame", () => {
    const { added, fire, frames, listeners } = runLoader(scriptsAfterFirstPaint(HEAD).head, {
      readyState: "loading",
      paintEntries: false,
    });
    expect(frames).toEqual([]);
    listeners[0]!();
    expect(frames).toHaveLength(1);
    frames[0]!();
    // The frame's callback runs before that frame is painted: it only queues the adding after it.
    expect(added).toEqual([]);
    fire(0);
    expect(added).toEqual(IN_ORDER);
  });

  test("a hidden tab, which paints nothing, gets them a second after the page is parsed", () => {
    const { added, fire } = runLoader(scriptsAfterFirstPaint(HEAD).head);
    expect(added).toEqual([]);
    fire(1000);
    expect(added).toEqual(IN_ORDER);
  });

  test("an observer or a frame callback that throws (a page's own code, an extension) leaves the second after the parse", () => {
    for (const throwing of [{ observer: true }, { frame: true }, { observer: true, frame: true }]) {
      const { added, fire, listeners } = runLoader(scriptsAfterFirstPaint(HEAD).head, {
        readyState: "loading",
        throwing,
      });
      listeners[0]!();
      fire(0);
      fire(1000);
      expect(added).toEqual(IN_ORDER);
    }
  });

  test("the same characters in a comment, or in an inline script's or a style's text, are not markup: they stay", () => {
    const own = "/_next/static/chunks/x.js";
    for (const text of [
      `<script>var s='${entry(own)}';</script>`,
      `<script>document.write('${script(own).replace("</script>", "<\\/script>")}')</script>`,
      `<!-- ${script(own)} ${preload(own)} -->`,
      `<style>a::after{content:'${preload(own)}'}</style>`,
      `<noscript>${preload(own)}</noscript>`,
      `<title>${preload(own)}</title>`,
    ]) {
      const head = `<head>${text}${script("/_next/static/chunks/a.js")}`;
      const { head: out, bodyWithout } = scriptsAfterFirstPaint(head);
      expect(bodyWithout).toEqual([]);
      expect(out.startsWith(`<head>${text}<script>(function(w,d){`)).toBe(true);
      const { added, fire } = runLoader(out);
      fire(1000);
      expect(added.map((each) => each.src ?? each.href)).toEqual(["/_next/static/chunks/a.js"]);
    }
  });

  test("any head: only the build's own async scripts and preloads move, in order; all else stays byte for byte", () => {
    const own = fc
      .array(fc.stringMatching(/^[A-Za-z0-9_-][A-Za-z0-9._-]{0,8}$/), { minLength: 1, maxLength: 3 })
      .map((parts) => `/_next/static/${parts.join("/")}.js`);
    const foreign = fc.oneof(
      fc.constantFrom(
        "/_next/static/../x.js",
        "/_next/static/./x.js",
        "//elsewhere.example/_next/static/x.js",
        "https://elsewhere.example/a.js",
        "/_next/static/a.css",
        "/assets/a.js",
        "/_next/static/a.js?x=1",
      ),
      fc.string({ maxLength: 12 }).filter((text) => !text.includes('"')),
    );
    const element = fc.oneof(
      own.map((src) => ({ text: script(src), moved: { kind: "script", src } })),
      own.map((src) => ({ text: entry(src), moved: { kind: "entry", src } })),
      fc
        .tuple(own, fc.constantFrom(undefined, "high" as const, "auto" as const))
        .map(([src, priority]) => ({ text: preload(src, priority), moved: { kind: "preload", src } })),
      foreign.map((src) => ({ text: script(src), moved: undefined })),
      foreign.map((src) => ({ text: entry(src), moved: undefined })),
      own.map((src) => ({ text: `<script src="${src}" async="" nonce="n"></script>`, moved: undefined })),
      own.map((src) => ({ text: `<script src="${src}"></script>`, moved: undefined })),
      fc
        .constantFrom('<meta name="x" content="y"/>', "<title>Épisodes</title>", "<script>x()</script>")
        .map((text) => ({ text, moved: undefined })),
    );
    fc.assert(
      fc.property(fc.array(element, { maxLength: 12 }), (elements) => {
        const head = `<head>${elements.map((each) => each.text).join("")}`;
        const { head: out, bodyWithout } = scriptsAfterFirstPaint(head);
        const moved = elements.flatMap((each) => (each.moved ? [each.moved] : []));
        const kept = `<head>${elements.flatMap((each) => (each.moved ? [] : [each.text])).join("")}`;
        const of = (kind: string) => moved.filter((each) => each.kind === kind).map((each) => each.src);
        // The entries' elements are what the body must go without: the loader adds those files.
        expect(bodyWithout).toEqual(unique(of("entry")).map(script));
        if (moved.length === 0) {
          expect(out).toBe(head);
          return;
        }
        // What is left, without the loader, is the head without the moved elements.
        expect(out.replace(LOADER, "")).toBe(kept);
        const { added, fire } = runLoader(out);
        fire(1000);
        // Other preloads first, as before; then the entries, then the scripts, each file once.
        expect(added.map((each) => each.href ?? each.src)).toEqual([
          ...of("preload"),
          ...unique([...of("entry"), ...of("script")]),
        ]);
      }),
      { numRuns: 300 },
    );
  });
});
