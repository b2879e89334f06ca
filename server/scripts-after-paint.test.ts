import fc from "fast-check";
import vm from "node:vm";

import { scriptsAfterFirstPaint } from "@/server/scripts-after-paint.mjs";

const script = (src: string) => `<script src="${src}" async=""></script>`;
const preload = (src: string) => `<link rel="preload" as="script" fetchPriority="low" href="${src}"/>`;

/** The loader's two lists, read by running it against a stand-in document that records what it adds. */
function runLoader(head: string, { readyState = "complete", frames = true } = {}) {
  const loaders = [...head.matchAll(/<script>(\(function\(d,s,p\)[\s\S]*?)<\/script>/g)].map(
    (match) => match[1] ?? "",
  );
  const added: Array<{ tag: string; src?: string; href?: string; rel?: string; async?: boolean }> = [];
  const timers: Array<[() => void, number]> = [];
  const frameCallbacks: Array<() => void> = [];
  const listeners: Array<() => void> = [];
  const document = {
    readyState,
    addEventListener: (name: string, listener: () => void) =>
      name === "DOMContentLoaded" && listeners.push(listener),
    createElement: (tag: string) => ({ tag }) as (typeof added)[number],
    head: { appendChild: (element: (typeof added)[number]) => added.push(element) },
  };
  const context = vm.createContext({
    document,
    requestAnimationFrame: (callback: () => void) => frames && frameCallbacks.push(callback),
    setTimeout: (callback: () => void, ms: number) => timers.push([callback, ms]),
  });
  for (const code of loaders) vm.runInContext(code, context);
  return { added, timers, frameCallbacks, listeners };
}

describe("the framework's scripts, fetched after the first paint", () => {
  const HEAD =
    `<head><meta charSet="utf-8"/>${preload("/_next/static/chunks/p.js")}` +
    `${script("/_next/static/chunks/a.js")}${script("/_next/static/chunks/turbopack-b.js")}` +
    `<title>t</title><script>window.dataLayer=[]</script>` +
    `<script src="/_next/static/chunks/polyfills.js" noModule=""></script>`;

  test("leave the head, one loader in the place of the first; every other script stays", () => {
    const out = scriptsAfterFirstPaint(HEAD);
    expect(out).not.toContain('async=""');
    expect(out).not.toContain('<link rel="preload"');
    expect(out.startsWith('<head><meta charSet="utf-8"/><script>(function(d,s,p)')).toBe(true);
    expect(out).toContain("<title>t</title><script>window.dataLayer=[]</script>");
    expect(out).toContain('<script src="/_next/static/chunks/polyfills.js" noModule=""></script>');
  });

  test("are added, in their order, only once the page is parsed and a frame is painted", () => {
    const { added, frameCallbacks, listeners, timers } = runLoader(scriptsAfterFirstPaint(HEAD), {
      readyState: "loading",
    });
    expect(added).toEqual([]);
    expect(listeners).toHaveLength(1);
    listeners[0]!();
    expect(added).toEqual([]);
    expect(frameCallbacks).toHaveLength(1);
    frameCallbacks[0]!();
    // The frame's callback runs before that frame is painted: it only queues the adding after it.
    expect(added).toEqual([]);
    const afterFrame = timers.find(([, ms]) => ms === 0)!;
    afterFrame[0]();
    expect(added).toEqual([
      { tag: "link", rel: "preload", as: "script", fetchPriority: "low", href: "/_next/static/chunks/p.js" },
      { tag: "script", src: "/_next/static/chunks/a.js", async: true },
      { tag: "script", src: "/_next/static/chunks/turbopack-b.js", async: true },
    ]);
    // The fallback for a tab that paints no frame adds nothing twice.
    for (const [callback] of timers) callback();
    expect(added).toHaveLength(3);
  });

  test("a hidden tab, which paints no frame, gets them after a second", () => {
    const { added, timers } = runLoader(scriptsAfterFirstPaint(HEAD), { frames: false });
    expect(added).toEqual([]);
    const fallback = timers.find(([, ms]) => ms === 1000)!;
    fallback[0]();
    expect(added.map((element) => element.src ?? element.href)).toEqual([
      "/_next/static/chunks/p.js",
      "/_next/static/chunks/a.js",
      "/_next/static/chunks/turbopack-b.js",
    ]);
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
      own.map((src) => ({ text: preload(src), moved: { kind: "preload", src } })),
      foreign.map((src) => ({ text: script(src), moved: undefined })),
      foreign.map((src) => ({ text: preload(src), moved: undefined })),
      own.map((src) => ({ text: `<script src="${src}" async="" nonce="n"></script>`, moved: undefined })),
      own.map((src) => ({ text: `<script src="${src}"></script>`, moved: undefined })),
      fc
        .constantFrom('<meta name="x" content="y"/>', "<title>Épisodes</title>", "<script>x()</script>")
        .map((text) => ({ text, moved: undefined })),
    );
    fc.assert(
      fc.property(fc.array(element, { maxLength: 12 }), (elements) => {
        const head = `<head>${elements.map((each) => each.text).join("")}`;
        const out = scriptsAfterFirstPaint(head);
        const moved = elements.flatMap((each) => (each.moved ? [each.moved] : []));
        const kept = `<head>${elements.flatMap((each) => (each.moved ? [] : [each.text])).join("")}`;
        if (moved.length === 0) {
          expect(out).toBe(head);
          return;
        }
        // What is left, without the loader, is the head without the moved elements.
        expect(out.replace(/<script>\(function\(d,s,p\)[\s\S]*?<\/script>/, "")).toBe(kept);
        const { added, timers } = runLoader(out, { frames: false });
        timers.find(([, ms]) => ms === 1000)![0]();
        const preloads = moved.filter((each) => each.kind === "preload").map((each) => each.src);
        const scripts = moved.filter((each) => each.kind === "script").map((each) => each.src);
        expect(added.map((each) => each.href ?? each.src)).toEqual([...preloads, ...scripts]);
      }),
      { numRuns: 300 },
    );
  });
});
