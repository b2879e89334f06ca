import type { Browser, Page } from "@playwright/test";

import { blockOutsideHosts, expect, test } from "./fixtures";
import { firstVisitPaths, translation } from "./helpers/content";
import { hydrated, inWebFaces, textInWebFaces } from "../test-support/settle";

/**
 * What a first paint waits for: the HTML alone. A page's rules are in its head (npm start writes
 * them there, server/inline-styles.mjs), no font is preloaded, and each face's stand-ins take the
 * room the face will (lib/fonts/), so that the first screen keeps its lines and rows when the faces
 * arrive.
 * The timings themselves are npm run bench's (--first-paint); these are the facts behind them.
 */

const SCREENS = {
  phone: { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 },
} as const;

test("a first visit fetches no stylesheet, and its web fonts replace their stand-ins", async ({ page }) => {
  test.slow();
  const fetched: string[] = [];
  page.on("request", (request) => fetched.push(new URL(request.url()).pathname));
  for (const path of firstVisitPaths) {
    await page.context().clearCookies();
    fetched.length = 0;
    await page.goto(path, { waitUntil: "networkidle" });
    expect(
      fetched.filter((file) => file.endsWith(".css")),
      path,
    ).toEqual([]);
    // The first named family of body and heading text is a web face, and it is the one in use
    // (a first visit asks for its faces after its first paint: asked again until they are in).
    await expect
      .poll(() => textInWebFaces(page), { message: path, timeout: 15_000 })
      .toEqual(["in its web face", "in its web face"]);
  }
});

/**
 * When a page asked for its web fonts, against its first contentful paint (milliseconds since
 * the navigation began, the browser's own entries), and how the text face it shows came.
 */
async function fontsAgainstFirstPaint(page: Page, path: string, referer?: string) {
  await page.goto(path, { waitUntil: "networkidle", ...(referer ? { referer } : {}) });
  // (a loaded machine's headless Chromium may present the first frame after the network is idle)
  await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0, null, {
    timeout: 10_000,
  });
  await inWebFaces(page);
  return page.evaluate(() => {
    const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN;
    const asked = performance
      .getEntriesByType("resource")
      .filter((entry) => entry.name.endsWith(".woff2"))
      .map((entry) => entry.startTime);
    const family = getComputedStyle(document.body).fontFamily.split(",")[0]!.trim().replace(/["']/g, "");
    const face = Array.from(document.fonts).find((each) => each.family.replace(/["']/g, "") === family);
    return { paint, asked, face: face ? `${face.status} ${face.display}` : "none" };
  });
}

test("a first visit asks for its web fonts once it has painted, in its stand-ins; a page reached from one of the site's asks for them in its first layout", async ({
  page,
  baseURL,
}) => {
  test.slow();
  for (const path of firstVisitPaths) {
    // (nothing kept between the two: the browser's cache is what a visit under way has)
    const first = await fontsAgainstFirstPaint(page, path);
    expect(first.asked.length, path).toBeGreaterThan(0);
    for (const start of first.asked) expect(start, path).toBeGreaterThan(first.paint);
    // Each face is shown as soon as it arrives: the text the first paint showed never hides again.
    expect(first.face, path).toBe("loaded swap");

    const next = await fontsAgainstFirstPaint(page, path, `${baseURL}/works`);
    expect(next.asked.length, path).toBeGreaterThan(0);
    for (const start of next.asked) expect(start, path).toBeLessThan(next.paint);
    // The rules as written: the text face's short wait lets the first paint use the kept face.
    expect(next.face, path).toBe("loaded fallback");
  }
});

test("a first visit's text changes face once: the faces its first paint used are given together, once they have arrived", async ({
  page,
}) => {
  // Every face the page's scripts give `document.fonts`: its family, its status then, and the task.
  await page.addInitScript(() => {
    const given: Array<{ family: string; status: string; task: number }> = [];
    Object.assign(window, { __facesGiven: given });
    let task = 0;
    let counting = false;
    // (FontFaceSet is no global here: its prototype is document.fonts')
    const set = Object.getPrototypeOf(document.fonts) as FontFaceSet;
    const add = set.add;
    set.add = function (this: FontFaceSet, face: FontFace) {
      if (!counting) {
        counting = true;
        setTimeout(() => {
          task++;
          counting = false;
        });
      }
      given.push({ family: face.family, status: face.status, task });
      return add.call(this, face);
    };
  });
  await page.goto("/legals");
  await expect.poll(() => textInWebFaces(page)).toEqual(["in its web face", "in its web face"]);
  const given = await page.evaluate(
    () =>
      (window as unknown as { __facesGiven: Array<{ family: string; status: string; task: number }> })
        .__facesGiven,
  );
  // The display face (the heading), the text face and its italics (the legal text) all set text on
  // this page: each had arrived when it was given, and all were given in one task.
  expect(given.map(({ family, status }) => `${family} ${status}`).sort()).toEqual([
    "displayFont loaded",
    "textFont loaded",
    "textItalicFont loaded",
  ]);
  expect(new Set(given.map(({ task }) => task)).size).toBe(1);
});

/**
 * A walk through nodes 0..n-1 that takes every ordered pair (a, b), a ≠ b, exactly once, starting
 * and ending at 0 (an Euler circuit of the complete directed graph, Hierholzer's way).
 */
function everyOrderedPair(n: number): number[] {
  const left = Array.from({ length: n }, (_, from) =>
    Array.from({ length: n }, (_, to) => to).filter((to) => to !== from),
  );
  const stack = [0];
  const walk: number[] = [];
  while (stack.length > 0) {
    const at = stack.at(-1)!;
    const next = left[at]!.pop();
    if (next === undefined) walk.push(stack.pop()!);
    else stack.push(next);
  }
  return walk.reverse();
}

/**
 * What the site's styles decide of every element in a page's header, main and footer (run in the
 * page): each property that places, sizes or paints a box, by the element's place in the tree.
 * Opacity and transforms are left out: the reveal on scroll animates them.
 */
const computedStyles = () => {
  const properties = [
    "display",
    "position",
    "width",
    "height",
    "margin",
    "padding",
    "border-width",
    "gap",
    "grid-template-columns",
    "flex-direction",
    "font-family",
    "font-size",
    "font-weight",
    "line-height",
    "letter-spacing",
    "text-align",
    "color",
    "background-color",
    "visibility",
  ];
  const styles: Record<string, string> = {};
  const walk = (element: Element, path: string) => {
    const style = getComputedStyle(element);
    styles[path] = properties.map((property) => style.getPropertyValue(property)).join(" | ");
    // (a server-rendered form carries its action's hidden fields, one rendered in the browser not)
    Array.from(element.children)
      .filter((child) => !child.matches("input[type=hidden]"))
      .forEach((child, index) => walk(child, `${path}>${child.tagName.toLowerCase()}[${index}]`));
  };
  for (const part of ["header", "main", "footer"]) {
    const element = document.querySelector(`body ${part}`);
    if (element) walk(element, part);
  }
  return styles;
};

test("each page reached by a click looks as it does loaded, whichever page the click came from, and fetches only the stylesheets the first page lacked", async ({
  page,
  context,
}) => {
  test.slow();
  // One page of each type (the list pages share one), each reached from every other once.
  const paths = firstVisitPaths.filter(
    (path) => !path.startsWith("/en") && !["/works-completed", "/works-in-production"].includes(path),
  );
  expect(paths.length).toBeGreaterThanOrEqual(6);
  await page.setViewportSize(SCREENS.desktop.viewport);
  /** Each page's styles loaded on its own, once the page is in its web faces. */
  const loaded = new Map<string, Record<string, string>>();
  for (const path of paths) {
    const fresh = await context.newPage();
    await fresh.setViewportSize(SCREENS.desktop.viewport);
    await blockOutsideHosts(fresh);
    await fresh.goto(path, { waitUntil: "networkidle" });
    await hydrated(fresh);
    await inWebFaces(fresh);
    loaded.set(path, await fresh.evaluate(computedStyles));
    await fresh.close();
  }
  const walk = everyOrderedPair(paths.length).map((index) => paths[index]!);
  const fetched: string[] = [];
  page.on("request", (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto(walk[0]!, { waitUntil: "networkidle" });
  // The stylesheets written into the first page's head: each is still named there by a link that
  // no browser fetches, so that React, on the later pages, finds it and does not fetch it again.
  const inlined = await page.evaluate(() =>
    Array.from(
      document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][type="text/x-inlined"]'),
      (link) => new URL(link.href).pathname,
    ),
  );
  expect(inlined.length).toBeGreaterThan(0);
  for (const [step, path] of walk.entries()) {
    if (step === 0) continue;
    await hydrated(page);
    // A link as the site writes one, followed the way a visitor's click is (client navigation).
    await page.evaluate((href) => {
      const link = Object.assign(document.createElement("a"), { href, textContent: "next" });
      link.setAttribute("data-client-nav", "");
      document.body.append(link);
      link.click();
    }, path);
    await page.waitForURL((url) => url.pathname === path);
    await page.waitForLoadState("networkidle");
    await inWebFaces(page);
    const from = walk[step - 1];
    const expected = loaded.get(path)!;
    await expect
      .poll(
        async () => {
          const navigated = await page.evaluate(computedStyles);
          return Object.keys(expected)
            .filter((key) => navigated[key] !== expected[key])
            .map((key) => `${key}: ${navigated[key] ?? "missing"} (loaded: ${expected[key]})`)
            .slice(0, 5);
        },
        { message: `${from} → ${path}`, timeout: 10_000 },
      )
      .toEqual([]);
  }
  // (each page links the stylesheets of what it shows, cssChunking in next.config.ts: a page
  // reached later fetches those of its own that the first page did not have, once each)
  const stylesheets = fetched.filter((file) => file.endsWith(".css"));
  expect(stylesheets.filter((file) => inlined.includes(file))).toEqual([]);
  expect(stylesheets).toEqual([...new Set(stylesheets)]);
});

/** Where each of `selector`'s boxes starts, by its tag and text, and whether it is on the first screen. */
const boxesOf = (page: Page, selector: string) =>
  page.evaluate(
    (selector) =>
      Array.from(document.querySelectorAll(selector), (element) => {
        const box = element.getBoundingClientRect();
        return {
          what: `<${element.tagName.toLowerCase()}> ${(element.textContent ?? "").trim().slice(0, 30)}`,
          left: box.left,
          top: box.top,
          shown: box.width > 0 && box.height > 0 && box.top < innerHeight && box.bottom > 0,
        };
      }),
    selector,
  );

type Box = Awaited<ReturnType<typeof boxesOf>>[number];

/** The boxes read twice that start elsewhere the second time by `from` px or more, across or down. */
function movedBetween(before: Box[], after: Box[], from: number, { onFirstScreen = false } = {}) {
  return before.flatMap((start, index) => {
    const now = after[index];
    if (!now || (onFirstScreen && !(start.shown && now.shown))) return [];
    const [dx, dy] = [now.left - start.left, now.top - start.top];
    return Math.max(Math.abs(dx), Math.abs(dy)) >= from ? [{ what: start.what, dx, dy }] : [];
  });
}

/**
 * Where the boxes on the first screen start while some web faces are held, then once they have
 * arrived: a box that starts elsewhere by 3 px or more is what a visitor sees jump (Chromium's
 * layout shift counts from 3 px). `hold`: which faces are held, every face but the text face (a
 * later page of a visit, whose text face the browser has kept: it is let through and waited for
 * first) or `every` face (a first visit on a slow link).
 */
async function movedWhenFontsArrive(
  browser: Browser,
  path: string,
  screen: keyof typeof SCREENS,
  hold: "all but the text face" | "every",
): Promise<Array<{ what: string; dx: number; dy: number }>> {
  const context = await browser.newContext({ ...SCREENS[screen], javaScriptEnabled: false });
  try {
    await blockOutsideHosts(context);
    const page = await context.newPage();
    const held: Array<() => Promise<void>> = [];
    await page.route("**/*.woff2", (route) => {
      // (next/font names a file after its source, lib/fonts/inter-text.woff2)
      const letThrough =
        hold === "all but the text face" &&
        /\/inter_text\.[^/]*$/.test(new URL(route.request().url()).pathname);
      if (letThrough) return route.continue();
      held.push(() => route.continue());
    });
    // (not "load": that waits for the fonts held here)
    await page.goto(path, { waitUntil: "domcontentloaded" });
    await expect
      .poll(() => held.length, { message: `${path}: its fonts are asked for by its first layout` })
      .toBeGreaterThan(0);
    if (hold === "all but the text face") {
      await expect
        .poll(
          () =>
            page.evaluate(() =>
              // A web face, not one of the local stand-ins (lib/fonts/fallbacks.css: "… Fallback"),
              // which count as loaded at once.
              Array.from(document.fonts).some(
                (face) => !/Fallback/.test(face.family) && face.status === "loaded",
              ),
            ),
          {
            message: `${path}: the text face is in use`,
          },
        )
        .toBe(true);
    }
    const before = await boxesOf(page, "body *");
    await Promise.all(held.map((release) => release()));
    await page.unroute("**/*.woff2");
    await page.evaluate(() => document.fonts.ready);
    return movedBetween(before, await boxesOf(page, "body *"), 3, { onFirstScreen: true });
  } finally {
    await context.close();
  }
}

const describeMoves = (moves: Array<{ what: string; dx: number; dy: number }>) =>
  moves.map(({ what, dx, dy }) => `${what}: ${dx.toFixed(1)} px across, ${dy.toFixed(1)} px down`);

test("with the text face at hand, nothing on the first screen moves when the other faces arrive, on a phone or a desktop", async ({
  browser,
}) => {
  test.slow();
  for (const path of firstVisitPaths)
    for (const screen of ["phone", "desktop"] as const)
      expect(
        describeMoves(await movedWhenFontsArrive(browser, path, screen, "all but the text face")),
        `${path} (${screen})`,
      ).toEqual([]);
});

test("when every face misses the first paint, every line and row stays where it was", async ({ browser }) => {
  test.slow();
  for (const path of firstVisitPaths)
    for (const screen of ["phone", "desktop"] as const) {
      const moves = await movedWhenFontsArrive(browser, path, screen, "every");
      // The stand-ins take each face's room on average: a run that is right-aligned, or follows
      // another on its line, may move sideways by a few pixels (bench/README.md counts them), but
      // no line wraps differently and no row moves down.
      expect(describeMoves(moves.filter(({ dy }) => Math.abs(dy) >= 3)), `${path} (${screen})`).toEqual([]);
    }
});

/**
 * Boxes that sit side by side on a line, each holding the width its text takes in the text face
 * while a first visit's text shows in the stand-ins (lib/fonts/text-width.ts): `boxes` must not
 * move when the faces arrive, and once they have, each of `held` follows its own text again.
 */
const SIDE_BY_SIDE = [
  {
    what: "a list's category chips",
    // Every list page type, each language, a filter set (its chip in bold) and not.
    paths: ["/works", "/en/works-completed", "/works-in-production?category=documentary"],
    screens: ["phone", "desktop"] as const,
    boxes: "main nav:has(a[href*='category=']) li, main nav:has(a[href*='category=']) li *",
    held: "main nav:has(a[href*='category=']) a > span",
  },
  {
    what: "a work's status and facts",
    paths: ["/works/hors-champ", "/en/works/beneath-the-surface"],
    screens: ["phone", "desktop"] as const,
    boxes: "main header p > span, main header dl *",
    held: "main header p > span[data-status], main header dl dt, main header dl dd",
  },
  {
    what: "the header's links on a wide screen",
    paths: ["/", "/en/contact"],
    screens: ["desktop"] as const,
    boxes: "header nav li, header nav li *",
    held: "#site-menu a",
  },
];

/** Each of `selector`'s boxes whose text takes more room than the box gives it (px), by its text. */
const overflowing = (page: Page, selector: string) =>
  page.evaluate(
    (selector) =>
      Array.from(document.querySelectorAll<HTMLElement>(selector)).flatMap((element) => {
        const text = document.createRange();
        text.selectNodeContents(element);
        const over = text.getBoundingClientRect().width - element.getBoundingClientRect().width;
        return over > 0.5 ? [`${element.textContent}: ${over.toFixed(1)} px`] : [];
      }),
    selector,
  );

for (const { what, paths, screens, boxes, held } of SIDE_BY_SIDE)
  test(`${what} stay where they are when a first visit's faces arrive, and follow their text once they have`, async ({
    browser,
  }) => {
    test.slow();
    for (const path of paths)
      for (const screen of screens) {
        const where = `${path} (${screen})`;
        const context = await browser.newContext({ ...SCREENS[screen] });
        try {
          await blockOutsideHosts(context);
          const page = await context.newPage();
          const faces: Array<() => Promise<void>> = [];
          await page.route("**/*.woff2", (route) => void faces.push(() => route.continue()));
          await page.goto(path, { waitUntil: "domcontentloaded" });
          // The faces script asks for the faces its first paint's text needs once it has painted.
          await expect
            .poll(() => faces.length, { message: `${where}: its faces are asked for` })
            .toBeGreaterThan(0);
          const root = page.locator("html");
          await expect(root, where).toHaveAttribute("data-stand-ins", "");
          const before = await boxesOf(page, boxes);
          expect(before.length, where).toBeGreaterThan(2);
          await Promise.all(faces.map((release) => release()));
          await page.unroute("**/*.woff2");
          await expect(root, where).not.toHaveAttribute("data-stand-ins");
          await inWebFaces(page);
          const after = await boxesOf(page, boxes);
          // Without the held widths, chips moved by up to 4.2 px (Chromium counts a shift from 3):
          // held at the face's measured widths, kerning counted, by less than half a pixel.
          expect(describeMoves(movedBetween(before, after, 0.5)), where).toEqual([]);
          // Once the faces show, the boxes follow their text: with a visitor's text spacing (WCAG
          // 1.4.12) or a longer translation, every label still fits its box.
          await page.addStyleTag({
            content: "* { letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }",
          });
          expect(await overflowing(page, held), `${where}, text spacing`).toEqual([]);
          await page.evaluate((held) => {
            for (const element of document.querySelectorAll(held))
              element.firstChild!.textContent += " traduit";
          }, held);
          expect(await overflowing(page, held), `${where}, a longer translation`).toEqual([]);
        } finally {
          await context.close();
        }
      }
  });

/** A visitor's own styles on every element, as a reading aid's extension adds them before the page's. */
const VISITORS_OWN = {
  "text spacing (WCAG 1.4.12)":
    "* { letter-spacing: 0.12em !important; word-spacing: 0.16em !important; line-height: 1.5 !important; }",
  "a font of their own": '* { font-family: "DejaVu Serif", serif !important; }',
};

test("a first visit whose visitor spaces the text or sets a font of their own holds no width: from the first paint, every label fits its box", async ({
  browser,
}) => {
  test.slow();
  for (const [own, css] of [["none", ""], ...Object.entries(VISITORS_OWN)])
    for (const { paths, screens, held } of SIDE_BY_SIDE) {
      const [path, screen] = [paths[0]!, screens[0]];
      const where = `${path} (${screen}), the visitor's own styles: ${own}`;
      const context = await browser.newContext({ ...SCREENS[screen] });
      try {
        await blockOutsideHosts(context);
        await context.addInitScript((css) => {
          // Whether widths were held when the first contentful paint was drawn: set, and not let go
          // before that paint's time.
          let set = false;
          let letGoAt = Infinity;
          new MutationObserver(() => {
            const root = document.documentElement;
            if (root.hasAttribute("data-stand-ins")) set = true;
            else if (set && letGoAt === Infinity) letGoAt = performance.now();
          }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-stand-ins"] });
          new PerformanceObserver((list, observer) => {
            const [paint] = list.getEntriesByName("first-contentful-paint");
            if (!paint) return;
            observer.disconnect();
            document.documentElement.dataset.heldAtPaint = String(set && letGoAt > paint.startTime);
          }).observe({ type: "paint", buffered: true });
          if (!css) return;
          // The extension's sheet, in the document from its root on, before anything of the page's.
          const put = () => {
            const style = document.createElement("style");
            style.textContent = css;
            document.documentElement.append(style);
          };
          if (document.documentElement) put();
          else
            new MutationObserver((_, observer) => {
              if (!document.documentElement) return;
              observer.disconnect();
              put();
            }).observe(document, { childList: true });
        }, css);
        const page = await context.newPage();
        // The faces held: the stand-ins show for as long as this test looks.
        await page.route("**/*.woff2", () => {});
        await page.goto(path, { waitUntil: "domcontentloaded" });
        const root = page.locator("html");
        await expect(root, where).toHaveAttribute("data-held-at-paint", css ? "false" : "true");
        if (!css) continue;
        await expect(root, where).not.toHaveAttribute("data-stand-ins");
        expect(await overflowing(page, held), where).toEqual([]);
      } finally {
        await context.close();
      }
    }
});

test("a page of a visit under way, its faces at hand, holds no width for them", async ({ page }) => {
  await page.goto("/works");
  await inWebFaces(page);
  // A reload, and a page reached from one of the site's: the faces apply from the first layout.
  await page.reload({ waitUntil: "domcontentloaded" });
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-stand-ins"))).toBe(false);
  await page.goto("/en/works", { waitUntil: "domcontentloaded", referer: page.url() });
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-stand-ins"))).toBe(false);
});

test("on a phone the menu is closed from the first paint and its button opens it before the scripts have run, once they have, and without JavaScript; Escape closes it, focus back on the button", async ({
  browser,
}) => {
  test.slow();
  const path = "/en/works-completed";
  const menu = (page: Page) => page.locator("#site-menu");
  const button = (page: Page) => page.locator('button[aria-controls="site-menu"]');
  const links = (page: Page) => menu(page).getByRole("link");
  /** Opens the menu with the button, checks every link shows, then closes it from its first link. */
  async function opensAndCloses(page: Page) {
    await expect(menu(page)).toBeHidden();
    await expect(button(page)).toBeVisible();
    await expect(button(page)).toHaveAccessibleName(translation("en", "common.menu_open"));
    await button(page).click();
    for (const link of await links(page).all()) await expect(link).toBeVisible();
    // The button's name says what it does now, whoever runs it.
    await expect(button(page)).toHaveAccessibleName(translation("en", "common.menu_close"));
    // From the button, the keyboard goes on into the menu, and Escape comes back.
    await button(page).focus();
    await page.keyboard.press("Tab");
    await expect(links(page).first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu(page)).toBeHidden();
    await expect(button(page)).toBeFocused();
  }
  for (const way of ["scripts not yet run", "hydrated", "without JavaScript"] as const) {
    const context = await browser.newContext({
      ...SCREENS.phone,
      javaScriptEnabled: way !== "without JavaScript",
    });
    try {
      await blockOutsideHosts(context);
      const page = await context.newPage();
      // The page as it is until its scripts arrive: the same as once they have run.
      if (way === "scripts not yet run")
        await page.route("**/_next/static/chunks/*.js", (route) => route.abort());
      await page.goto(path);
      if (way === "hydrated") {
        await hydrated(page);
        await expect(button(page)).toHaveAttribute("aria-expanded", "false");
      }
      await test.step(way, () => opensAndCloses(page));
      if (way === "hydrated") {
        // The button says what it does; a link in the menu closes it, the current page's too, and
        // the page is the next one.
        await button(page).click();
        await expect(button(page)).toHaveAttribute("aria-expanded", "true");
        // A link opened in a new tab leaves this one as it was, the menu open.
        const [newTab] = await Promise.all([
          context.waitForEvent("page"),
          menu(page)
            .locator('a:not([aria-current="page"])')
            .first()
            .click({ modifiers: ["ControlOrMeta"] }),
        ]);
        await newTab.close();
        await expect(menu(page)).toBeVisible();
        expect(new URL(page.url()).pathname).toBe(path);
        await menu(page).locator('a[aria-current="page"]').click();
        await expect(menu(page)).toBeHidden();
        await expect(page.locator("html")).not.toHaveCSS("overflow", "hidden");
        await button(page).click();
        await menu(page).locator('a:not([aria-current="page"])').first().click();
        await page.waitForURL((url) => url.pathname !== path);
        await expect(menu(page)).toBeHidden();
        await expect(button(page)).toHaveAttribute("aria-expanded", "false");
        // A screen turned wide enough for the header's row (a tablet turned) takes the open menu
        // back into the row.
        await button(page).click();
        await page.setViewportSize({ width: 1024, height: 768 });
        await expect
          .poll(() => menu(page).evaluate((element) => element.matches(":popover-open")))
          .toBe(false);
        const [row, header] = await Promise.all([
          menu(page).boundingBox(),
          page.locator("header", { has: menu(page) }).boundingBox(),
        ]);
        expect(row!.y + row!.height).toBeLessThanOrEqual(header!.y + header!.height);
        await expect(links(page).first()).toBeVisible();
        await expect(page.locator("html")).not.toHaveCSS("overflow", "hidden");

        // Tab past the menu's last link closes it: the focus would be on the page under it.
        await page.setViewportSize(SCREENS.phone.viewport);
        await button(page).click();
        await links(page).last().focus();
        await page.keyboard.press("Tab");
        await expect(menu(page)).toBeHidden();
        await expect(page.locator("html")).not.toHaveCSS("overflow", "hidden");
        expect(await menu(page).evaluate((element) => element.contains(document.activeElement))).toBe(false);
      }
      if (way === "without JavaScript") {
        // A screen too short for the whole menu: the panel ends at the screen's edge and scrolls,
        // with the brand on two lines at 320 px (a taller header).
        await page.setViewportSize({ width: 320, height: 240 });
        await button(page).click();
        const [panel, header] = await Promise.all([
          menu(page).boundingBox(),
          page.locator("header", { has: menu(page) }).boundingBox(),
        ]);
        expect(panel!.y).toBeCloseTo(header!.y + header!.height, 0);
        expect(panel!.y + panel!.height).toBeLessThanOrEqual(240.5);
        await links(page).last().scrollIntoViewIfNeeded();
        await expect(links(page).last()).toBeInViewport();
        // Turned wide with the menu open and no script to close it: the panel stays under the
        // header, clear of the brand, until it is closed.
        await page.setViewportSize({ width: 1024, height: 768 });
        const [wideHeader, widePanel] = await Promise.all([
          page.locator("header", { has: menu(page) }).boundingBox(),
          menu(page).boundingBox(),
        ]);
        expect(widePanel!.y).toBeGreaterThanOrEqual(wideHeader!.y + wideHeader!.height - 0.5);
        await page.keyboard.press("Escape");
        expect(await menu(page).evaluate((element) => element.matches(":popover-open"))).toBe(false);
        const [row, rowHeader] = await Promise.all([
          menu(page).boundingBox(),
          page.locator("header", { has: menu(page) }).boundingBox(),
        ]);
        expect(row!.y + row!.height).toBeLessThanOrEqual(rowHeader!.y + rowHeader!.height);
      }
    } finally {
      await context.close();
    }
  }
});
