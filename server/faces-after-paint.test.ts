import fc from "fast-check";

import { facesAfterFirstPaint } from "@/server/faces-after-paint.mjs";
import { ORIGIN, PAGE_BODY_TEXT, runInlineScripts } from "@/test-support/inline-scripts";

const TEXT_FACE =
  '@font-face{font-family:textFont;src:url(/_next/static/media/inter_text.a1.woff2)format("woff2");font-display:fallback;font-weight:400 800}';
const DISPLAY_FACE =
  '@font-face{font-family:displayFont;src:url(/_next/static/media/bricolage.b2.woff2)format("woff2");font-display:swap;font-weight:400 800;font-style:italic}';
const STAND_IN =
  "@font-face{font-family:textFont Fallback;src:local(Arial),local(Liberation Sans);font-weight:1 450;size-adjust:104.86%}";
const RULES = "body{font-family:var(--font-text),textFont Fallback}h1{font-weight:800}";
const inlined = (css: string) => `<style data-precedence="next">${css}</style>`;
const HEAD = `<head><meta charSet="utf-8"/>${inlined(`${TEXT_FACE}\n${STAND_IN}\n${RULES}\n${DISPLAY_FACE}`)}<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next" type="text/x-inlined"/><title>t</title>`;

const FACES_STYLE = /<style media="\(scripting: none\)" data-faces="">([^<]*)<\/style>/;
const SCRIPT = /<script>\(function\(w,d\)[\s\S]*?<\/script>/;

describe("the web fonts, asked for after a first visit's first paint", () => {
  test("leave the page's styles for a style of their own that applies without JavaScript; the stand-ins and every other rule stay", () => {
    const out = facesAfterFirstPaint(HEAD);
    expect(FACES_STYLE.exec(out)?.[1]).toBe(`${TEXT_FACE}\n${DISPLAY_FACE}`);
    expect(out.replace(FACES_STYLE, "").replace(SCRIPT, "")).toBe(
      HEAD.replace(
        inlined(`${TEXT_FACE}\n${STAND_IN}\n${RULES}\n${DISPLAY_FACE}`),
        inlined(`${STAND_IN}\n${RULES}\n`),
      ),
    );
    // Right after the styles they came from, the script right after them.
    expect(out).toContain(`${inlined(`${STAND_IN}\n${RULES}\n`)}<style media="(scripting: none)"`);
    expect(out).toMatch(/<\/style><script>\(function\(w,d\)/);
  });

  test("a head whose styles name no web face, or that has no inlined styles, comes back as it was", () => {
    for (const head of [
      `<head>${inlined(`${STAND_IN}${RULES}`)}`,
      '<head><link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>',
      `<head><script>var css='${inlined(TEXT_FACE)}'</script>`,
    ])
      expect(facesAfterFirstPaint(head)).toBe(head);
  });

  test("only the sheet's own faces move: one under a condition, in a comment or in a string stays where it is", () => {
    const conditional = "@media (min-width:40em){@font-face{font-family:wide;src:url(/m/wide.woff2)}}";
    const commented = "/*! @font-face{font-family:old;src:url(/m/old.woff2)} */";
    const quoted = '.note::before{content:"@font-face{src:url(/m/q.woff2)}"}';
    // (an unquoted url() is one token, spaces before it and an escaped parenthesis in it)
    const printed = "@media print{a{background:url(  /x})}b{c:url(/y\\)})}@font-face{src:url(/m/p.woff2)}}";
    const css = `${conditional}${commented}${TEXT_FACE}${quoted}${printed}`;
    const out = facesAfterFirstPaint(`<head>${inlined(css)}`);
    expect(FACES_STYLE.exec(out)?.[1]).toBe(TEXT_FACE);
    expect(out).toContain(inlined(`${conditional}${commented}${quoted}${printed}`));
  });

  test("a page of a visit under way (from one of the site's pages, reloaded, restored) applies them at once, as written", () => {
    for (const visit of [
      { referrer: `${ORIGIN}/works` },
      { navigation: "reload" as const },
      { navigation: "back_forward" as const },
    ]) {
      const { before, faces, observers, fire, rootAttributes } = runInlineScripts(
        facesAfterFirstPaint(HEAD),
        visit,
      );
      expect(before[0]?.media).toBe("all");
      expect(observers).toEqual([]);
      // Its text is in the faces from the start: no box holds a width for them.
      expect([...rootAttributes]).toEqual([]);
      fire(1000);
      expect(faces).toEqual([]);
    }
  });

  /** What a microtask queue drains to: the scripts' promise callbacks have run. */
  const settled = () => new Promise((resolve) => setImmediate(resolve));

  const TEXT_SET = { family: "textFont Fallback", status: "loaded" as const };
  const DISPLAY_UNUSED = { family: '"displayFont Fallback Roboto"', status: "unloaded" as const };
  // (CSS family names are case-insensitive: the stand-in's may be spelled otherwise than the face's)

  test("a first visit (no referrer, another site's, or one whose address only starts like the site's) gets them once it has painted, as FontFaces shown as soon as they are given", async () => {
    for (const referrer of ["", "https://search.example/?q=vif", `${ORIGIN}.evil.example/`]) {
      const { before, faces, loads, observers, fire, rootAttributes } = runInlineScripts(
        facesAfterFirstPaint(HEAD),
        { referrer },
      );
      expect(before[0]?.media).toBe("(scripting: none)");
      // From before the first paint, the root says the text shows in the stand-ins.
      expect([...rootAttributes]).toEqual(["data-stand-ins"]);
      await settled();
      expect(faces).toEqual([]);
      expect(loads).toEqual([]);
      observers[0]!.report(["first-contentful-paint"]);
      // No text was set in a stand-in here: nothing to fetch first, every face given at once.
      await settled();
      expect([...rootAttributes]).toEqual([]);
      expect(faces.map(({ family, source, descriptors }) => ({ family, source, descriptors }))).toEqual([
        {
          family: "textFont",
          source: 'url(/_next/static/media/inter_text.a1.woff2)format("woff2")',
          descriptors: { display: "swap", weight: "400 800" },
        },
        {
          family: "displayFont",
          source: 'url(/_next/static/media/bricolage.b2.woff2)format("woff2")',
          descriptors: { display: "swap", weight: "400 800", style: "italic" },
        },
      ]);
      fire(1000);
      fire(3000);
      expect(faces).toHaveLength(2);
    }
  });

  test("the faces whose stand-ins the first paint set text in are fetched first, and every face is given once they have arrived, together", async () => {
    for (const outcome of ["arrive", "fail"] as const) {
      const { faces, loads, observers, rootAttributes } = runInlineScripts(facesAfterFirstPaint(HEAD), {
        sheetFaces: [TEXT_SET, DISPLAY_UNUSED, { family: "displayFont Fallback", status: "unloaded" }],
      });
      observers[0]!.report(["first-contentful-paint"]);
      await settled();
      // The text face is fetched; the display face, whose stand-ins set nothing, is not.
      expect(loads.map(({ face }) => face.family)).toEqual(["textFont"]);
      expect(faces).toEqual([]);
      expect([...rootAttributes]).toEqual(["data-stand-ins"]);
      loads[0]![outcome]();
      await settled();
      // The held widths let go with the faces given (a face that failed leaves the stand-in, which
      // then takes its own room: the page does not hold a width for a face that will not come).
      expect([...rootAttributes]).toEqual([]);
      // Both given in one go; the display face is fetched when some text needs it, as a rule's is.
      expect(faces.map(({ family, status }) => [family, status])).toEqual([
        ["textFont", outcome === "arrive" ? "loaded" : "error"],
        ["displayFont", "unloaded"],
      ]);
    }
  });

  test("a face used by the first paint but still on its way three seconds on: the others are given; a `fallback` face is dropped, the page keeping its stand-in", async () => {
    const { faces, loads, dropped, observers, fire, rootAttributes } = runInlineScripts(
      facesAfterFirstPaint(HEAD),
      { sheetFaces: [TEXT_SET, { family: "DISPLAYFONT Fallback Roboto", status: "error" }] },
    );
    observers[0]!.report(["first-contentful-paint"]);
    await settled();
    expect(loads.map(({ face }) => face.family)).toEqual(["textFont", "displayFont"]);
    loads[1]!.arrive();
    await settled();
    // The display face has arrived; it waits for the text face.
    expect(faces).toEqual([]);
    expect([...rootAttributes]).toEqual(["data-stand-ins"]);
    fire(3000);
    expect(faces.map(({ family }) => family)).toEqual(["displayFont"]);
    expect([...rootAttributes]).toEqual([]);
    // Arriving later changes nothing: it was not given.
    loads[0]!.arrive();
    await settled();
    expect(faces.map(({ family }) => family)).toEqual(["displayFont"]);
    expect(dropped).toEqual([]);
  });

  test("a `fallback` face given unused, then still loading three seconds on, is dropped; one that arrived stays", async () => {
    for (const status of ["loading", "loaded", "unloaded"] as const) {
      const { faces, dropped, observers, fire } = runInlineScripts(facesAfterFirstPaint(HEAD));
      observers[0]!.report(["first-contentful-paint"]);
      await settled();
      for (const face of faces) face.status = status;
      fire(3000);
      expect(dropped.map((face) => face.family)).toEqual(status === "loading" ? ["textFont"] : []);
    }
  });

  test("a visitor whose own styles space the text or set another font is held no width: the frame before the first paint lets it go", async () => {
    const theirs = [
      { ...PAGE_BODY_TEXT, letterSpacing: "1.92px" },
      { ...PAGE_BODY_TEXT, wordSpacing: "2.56px" },
      { ...PAGE_BODY_TEXT, fontFamily: "OpenDyslexic, sans-serif" },
    ];
    for (const text of theirs) {
      const { frame, rootAttributes, observers, faces } = runInlineScripts(facesAfterFirstPaint(HEAD), {
        body: text,
      });
      expect([...rootAttributes]).toEqual(["data-stand-ins"]);
      frame();
      expect({ text, held: [...rootAttributes] }).toEqual({ text, held: [] });
      // The faces still come after the first paint, as for anyone.
      observers[0]!.report(["first-contentful-paint"]);
      await settled();
      expect(faces).toHaveLength(2);
    }
    // The page's own text, however an engine writes it: held until the faces are given.
    const pages = [
      PAGE_BODY_TEXT,
      { letterSpacing: "0px", wordSpacing: "normal", fontFamily: PAGE_BODY_TEXT.fontFamily },
      {
        letterSpacing: "normal",
        wordSpacing: "0px",
        fontFamily: '"textFont", textFont Fallback, textFont Fallback Roboto, system-ui, sans-serif',
      },
    ];
    for (const body of pages) {
      const own = runInlineScripts(facesAfterFirstPaint(HEAD), { body });
      own.frame();
      own.frame();
      expect({ body, held: [...own.rootAttributes] }).toEqual({ body, held: ["data-stand-ins"] });
    }
    // No body yet in the first frame: read in the frame after the parser reaches it.
    const early = runInlineScripts(facesAfterFirstPaint(HEAD), { body: null });
    early.frame();
    expect([...early.rootAttributes]).toEqual(["data-stand-ins"]);
    early.parseBody({ ...PAGE_BODY_TEXT, letterSpacing: "1.92px" });
    early.frame();
    expect([...early.rootAttributes]).toEqual([]);
  });

  test("a browser without the font loading API applies the rules after the first paint instead", () => {
    const { before, observers, rootAttributes } = runInlineScripts(facesAfterFirstPaint(HEAD), {
      fontLoading: false,
    });
    expect(before[0]?.media).toBe("(scripting: none)");
    // (the rules swap their faces in as they come: no width is held for them)
    expect([...rootAttributes]).toEqual([]);
    observers[0]!.report(["first-contentful-paint"]);
    expect(before[0]?.media).toBe("all");
  });

  test("a first visit lets the held widths go in every other way: rules it cannot read, no paint entries, ten seconds", async () => {
    const unreadable = runInlineScripts(facesAfterFirstPaint(HEAD), { sheetReadable: false });
    expect([...unreadable.rootAttributes]).toEqual(["data-stand-ins"]);
    unreadable.observers[0]!.report(["first-contentful-paint"]);
    // The rules apply as written, and nothing is held for them.
    expect(unreadable.before[0]?.media).toBe("all");
    expect([...unreadable.rootAttributes]).toEqual([]);

    const unreported = runInlineScripts(facesAfterFirstPaint(HEAD), { paintEntries: false });
    expect([...unreported.rootAttributes]).toEqual(["data-stand-ins"]);
    // (a frame after the document is parsed stands for the first paint)
    for (const frame of unreported.frames) frame();
    unreported.fire(0);
    await settled();
    expect(unreported.faces).toHaveLength(2);
    expect([...unreported.rootAttributes]).toEqual([]);

    // The first paint never reported, the document never parsed: ten seconds on, nothing is held.
    const stalled = runInlineScripts(facesAfterFirstPaint(HEAD), { readyState: "loading" });
    stalled.fire(3000);
    expect([...stalled.rootAttributes]).toEqual(["data-stand-ins"]);
    stalled.fire(10000);
    expect([...stalled.rootAttributes]).toEqual([]);
  });

  test("any styles: exactly the faces with an address move, in order; everything else stays byte for byte", () => {
    const family = fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,8}$/);
    const face = fc.oneof(
      family.map((name) => ({
        css: `@font-face{font-family:${name};src:url(/m/${name.length}.woff2)}`,
        web: true,
      })),
      family.map((name) => ({ css: `@font-face {font-family:"${name}";src:local(${name})}`, web: false })),
      family.map((name) => ({ css: `@font-face{font-family:${name};src:URL("/m/x.woff2")}`, web: true })),
      family.map((name) => ({
        css: `@Font-Face {font-family:'${name}}';src:url('/m/y.woff2')}\n`,
        web: true,
      })),
    );
    const rule = fc.constantFrom(
      "a{color:red}",
      "@media (width>40em){a{b:c}}",
      "h1{font:800 2rem displayFont}\n",
      // Look-alikes that are not the sheet's own faces: conditional, commented out, quoted.
      "@media print{@font-face{font-family:p;src:url(/m/p.woff2)}}",
      "@supports (x:y){@media (x){@font-face{src:url(/m/s.woff2)}}a{b:c}}",
      "/*! @font-face{src:url(/m/c.woff2)} */",
      '.q::after{content:"} @font-face{src:url(/m/q.woff2)}"}',
      "a{background:url(/i/{x}.png)}",
      "@FONT-FACE{src:local(x)}",
    );
    const part = fc.oneof(
      face,
      rule.map((css) => ({ css, web: false })),
    );
    fc.assert(
      fc.property(fc.array(fc.array(part, { maxLength: 6 }), { minLength: 1, maxLength: 3 }), (sheets) => {
        const head = `<head>${sheets.map((parts) => inlined(parts.map((each) => each.css).join(""))).join("<meta/>")}`;
        const out = facesAfterFirstPaint(head);
        const web = sheets.flat().filter((each) => each.web);
        if (web.length === 0) return expect(out).toBe(head);
        expect(FACES_STYLE.exec(out)?.[1]).toBe(web.map((each) => each.css).join(""));
        const kept = sheets.map((parts) =>
          inlined(parts.flatMap((each) => (each.web ? [] : [each.css])).join("")),
        );
        expect(out.replace(FACES_STYLE, "").replace(SCRIPT, "")).toBe(`<head>${kept.join("<meta/>")}`);
      }),
      { numRuns: 300 },
    );
  });
});
