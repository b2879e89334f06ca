import { COMPILE_HINT } from "../lib/build/compile-hints";
import { hydrated } from "../test-support/settle";
import { expect, test } from "./fixtures";
import { firstVisitPaths, pages } from "./helpers/content";

/**
 * What keeps pages light, checked in what the server sends and in what a first
 * visit downloads. The figures themselves (bytes, Lighthouse, req/s) are
 * `npm run bench`'s, never asserted here: these are the structural facts behind them.
 */

const attribute = (tag: string, name: string) =>
  tag.match(new RegExp(`\\s${name}="([^"]*)"`, "i"))?.[1]?.replace(/&amp;/g, "&");

const srcSetWidths = (srcSet: string) =>
  [...srcSet.matchAll(/ (\d+)w(?:,|$)/g)].map((match) => Number(match[1]));

/** Page types whose largest paint is an image (hero, cover, first cards). */
const IMAGE_LCP_TYPES = new Set([
  "home_page",
  "project",
  "works_page",
  "works_completed_page",
  "works_in_production_page",
]);

test("every page carries its styles in its head, preloads its largest image and no font, and offers no image file wider than the image", async ({
  request,
}) => {
  for (const { path, doc } of pages) {
    const html = await (await request.get(path)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    // No stylesheet to fetch and no font preloaded: the first paint waits for neither
    // (lib/fonts/fonts.ts says why).
    expect(html.match(/<link[^>]+as="font"[^>]*>/g) ?? [], path).toEqual([]);
    const links = head.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
    expect(links.length, path).toBeGreaterThan(0);
    for (const link of links) expect(attribute(link, "type"), `${path}: ${link}`).toBe("text/x-inlined");
    const styles = head.match(/<style data-precedence="next">[\s\S]*?<\/style>/g) ?? [];
    expect(styles, path).toHaveLength(1);
    expect(styles[0], path).not.toMatch(/url\(\.\.?\//);
    // The web faces in a style of their own, applied by a script once the page has painted, or
    // at once without JavaScript (server/faces-after-paint.mjs).
    const faces =
      head.match(/<style media="\(scripting: none\)" data-faces="">[^<]*<\/style><script>/g) ?? [];
    expect(faces, path).toHaveLength(1);
    expect(faces[0], `${path}: the fonts' addresses hold in the page`).toMatch(
      /@font-face\{[^}]*url\(\/_next\/static\/media\/[^)]+\.woff2\)/,
    );
    expect(styles[0], `${path}: no face is asked for before the page has painted`).not.toMatch(
      /url\([^)]*\.woff2/,
    );

    const images = html.match(/<img [^>]*>/g) ?? [];
    // Art-directed views (a <picture>'s sources), and those of the pictures fetched first.
    const pictures = html.match(/<picture>[\s\S]*?<\/picture>/g) ?? [];
    const sourcesOf = (picture: string) => picture.match(/<source [^>]*>/g) ?? [];
    const eagerSources = pictures
      .filter((picture) => /fetchpriority="high"/i.test(picture))
      .flatMap(sourcesOf);
    for (const image of [...images, ...pictures.flatMap(sourcesOf)]) {
      const srcSet = attribute(image, "srcset");
      const width = Number(attribute(image, "width"));
      if (!srcSet || !width) continue;
      const covering = srcSetWidths(srcSet).filter((candidate) => candidate >= width);
      expect(covering.length, `${path}: ${srcSet}`).toBeLessThanOrEqual(1);
    }

    const preloads = html.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
    const eager = images.filter((image) => attribute(image, "fetchpriority") === "high");
    if (IMAGE_LCP_TYPES.has(doc.type) && images.length > 0) {
      expect(eager.length, `${path}: its largest image is fetched first`).toBeGreaterThan(0);
    }
    for (const image of eager) {
      expect(attribute(image, "loading"), path).toBeUndefined();
      const preload = preloads.find((link) => attribute(link, "imageSrcSet") === attribute(image, "srcset"));
      expect(preload, `${path}: ${attribute(image, "srcset")} is announced in the head`).toBeDefined();
      expect(attribute(preload!, "fetchPriority"), path).toBe("high");
      // Inside a <picture>, the main file is announced only where no view is used.
      const picture = pictures.find((candidate) => candidate.includes(image));
      const viewMedia = picture ? sourcesOf(picture).map((source) => attribute(source, "media")) : [];
      if (viewMedia.length === 1)
        expect(attribute(preload!, "media"), path).toBe(`not all and ${viewMedia[0]}`);
    }
    // Each view of a picture fetched first is announced for the screens that use it, and only there.
    for (const source of eagerSources) {
      const preload = preloads.find((link) => attribute(link, "imageSrcSet") === attribute(source, "srcset"));
      expect(preload, `${path}: ${attribute(source, "srcset")} is announced in the head`).toBeDefined();
      expect(attribute(preload!, "media"), path).toBe(attribute(source, "media"));
    }
    // The rest announce a picture that is the largest paint only on screens at least a width
    // wide (a grid's first row, wider there), for those alone: lazy elsewhere, as any image.
    const announcedEager = [...eager, ...eagerSources].map((each) => attribute(each, "srcset"));
    const screensOnly = preloads.filter((link) => !announcedEager.includes(attribute(link, "imageSrcSet")));
    for (const link of screensOnly) {
      expect(attribute(link, "media"), `${path}: ${link}`).toMatch(/^\(min-width: \d+px\)$/);
      const image = images.find((each) => attribute(each, "srcset") === attribute(link, "imageSrcSet"));
      expect(attribute(image ?? "", "loading"), `${path}: ${link}`).toBe("lazy");
    }
    expect(preloads.length, path).toBe(eager.length + eagerSources.length + screensOnly.length);
  }
});

/** Markers of code that has no business in a visitor's browser. */
const SERVER_ONLY = {
  "@prismicio/client": "An invalid API response was returned",
  "next/script's loader": "data-nscript",
  "the whole translations map": "common.skip_link",
  "the contact form's schema (fetched once a visitor starts on the form)": "$ZodObject",
  "the text face's measured widths (lib/fonts/text-width.ts, 115 kB)": "tabularKerning",
};

test("a first visit downloads no content client, script loader, translations map, form schema or font measurements", async ({
  page,
}) => {
  test.slow();
  // Route prefetches are for other pages (the contact form's validation among them).
  await page.route("**/*", (route) =>
    route.request().headers()["next-router-prefetch"] ? route.abort() : route.fallback(),
  );
  const scripts = new Map<string, Promise<string>>();
  page.on("response", (response) => {
    if ((response.headers()["content-type"] ?? "").includes("javascript")) {
      scripts.set(
        response.url(),
        response.text().catch(() => ""),
      );
    }
  });
  for (const path of firstVisitPaths) {
    await page.context().clearCookies();
    await page.goto(path, { waitUntil: "networkidle" });
    const inline = await page.evaluate(() =>
      Array.from(document.scripts, (script) => (script.src ? "" : script.textContent)).join("\n"),
    );
    const downloaded = (await Promise.all(scripts.values())).join("\n") + inline;
    for (const [what, marker] of Object.entries(SERVER_ONLY)) {
      expect(downloaded.includes(marker), `${path} ships ${what}`).toBe(false);
    }
    scripts.clear();
  }
});

test("every page fetches the framework's scripts only once it has painted, then hydrates", async ({
  page,
  request,
}) => {
  test.slow();
  for (const path of firstVisitPaths) {
    const html = await (await request.get(path)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    // In the HTML sent: no script file and no script preload in the head, one loader instead
    // (server/scripts-after-paint.mjs).
    expect(head.match(/<script[^>]* src="[^"]*"[^>]* async=""[^>]*>/g) ?? [], path).toEqual([]);
    expect(head.match(/<link[^>]+as="script"[^>]*>/g) ?? [], path).toEqual([]);
    const loader = head.match(/<script>\(function\(w,d\)\{[^<]*createElement\("script"\)[^<]*<\/script>/);
    expect(loader, `${path}: the loader`).not.toBeNull();
    // (its two lists: the preloads, then the scripts)
    const lists = loader![0].match(/\["\/_next[^\]]*\]|\[\]/g) ?? [];
    expect(lists, path).toHaveLength(2);
    // Nor in the body: the page's entry (React's bootstrap script, which it preloads in the head
    // and writes at the body's end) is the loader's too, so no file is fetched before the paint.
    const body = html.slice(html.indexOf("</head>"));
    expect(body.match(/<script[^>]* src="[^"]*"[^>]* async=""[^>]*>/g) ?? [], path).toEqual([]);
    const later = lists.flatMap((list) => JSON.parse(list) as string[]);
    expect(later.length, path).toBeGreaterThan(0);

    await page.context().clearCookies();
    await page.goto(path);
    await hydrated(page);
    // A resource is listed once it has arrived: a low-priority preload may still be on its way
    // when a page has hydrated.
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname),
          ),
        { message: `${path}: every file of the loader fetched` },
      )
      .toEqual(expect.arrayContaining(later));
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName("first-paint")[0]?.startTime ?? Number.NaN,
      fetched: performance
        .getEntriesByType("resource")
        .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
    }));
    expect(Number.isFinite(timing.paint), `${path}: a first paint`).toBe(true);
    for (const src of later)
      expect(
        timing.fetched.find((entry) => entry.path === src),
        `${path}: ${src} fetched`,
      ).toBeDefined();
    // Every script file the page fetched, the loader's or not, came after the first paint.
    for (const fetched of timing.fetched.filter((entry) => /^\/_next\/static\/.+\.js$/.test(entry.path)))
      expect(fetched.start, `${path}: ${fetched.path} fetched after the first paint`).toBeGreaterThanOrEqual(
        timing.paint,
      );
  }
});

test("the scripts a page starts with are compiled as they download; a chunk fetched on demand is not", async ({
  page,
  request,
}) => {
  test.slow();
  // Chromium compiles a file that starts with the hint on the thread that streams it in, instead of
  // on the main thread at each function's first call (lib/build/compile-hints.ts).
  const fetched = new Map<string, Promise<string>>();
  page.on("response", (response) => {
    const { pathname } = new URL(response.url());
    if (/^\/_next\/static\/.+\.js$/.test(pathname))
      fetched.set(
        pathname,
        response.text().catch(() => ""),
      );
  });
  const onDemand = new Set<string>();
  for (const path of firstVisitPaths) {
    const html = await (await request.get(path)).text();
    const loader = html
      .slice(0, html.indexOf("</head>"))
      .match(/<script>\(function\(w,d\)\{[^<]*createElement\("script"\)[^<]*<\/script>/);
    const atStart = (loader?.[0].match(/\["\/_next[^\]]*\]/g) ?? []).flatMap(
      (list) => JSON.parse(list) as string[],
    );
    expect(atStart.length, `${path}: the loader's scripts`).toBeGreaterThan(0);
    for (const src of atStart) {
      const file = await request.get(src);
      expect(file.status(), src).toBe(200);
      expect(
        (await file.text()).startsWith(COMPILE_HINT),
        `${path}: ${src} starts with the compile hint`,
      ).toBe(true);
    }
    // Then a first visit, scrolled to its end: what it fetches besides (the consent notice, players).
    fetched.clear();
    await page.context().clearCookies();
    await page.goto(path);
    await hydrated(page);
    await page.mouse.wheel(0, 20_000);
    await page.waitForLoadState("networkidle");
    for (const [src, text] of fetched)
      if (!atStart.includes(src)) {
        expect((await text).startsWith(COMPILE_HINT), `${path}: ${src}, fetched on demand, starts lazy`).toBe(
          false,
        );
        onDemand.add(src);
      }
  }
  expect(onDemand.size, "a chunk fetched on demand on some page").toBeGreaterThan(0);
});

test("a phone fetches the hero's portrait view, a desktop the landscape original: each one file, never both", async ({
  browser,
}) => {
  const screens = [
    {
      name: "phone",
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      wanted: "hero-background-phone",
    },
    {
      name: "desktop",
      viewport: { width: 1440, height: 900 },
      deviceScaleFactor: 1,
      wanted: "hero-background.jpg",
    },
  ];
  for (const { name, viewport, deviceScaleFactor, wanted } of screens) {
    const context = await browser.newContext({ viewport, deviceScaleFactor });
    const page = await context.newPage();
    const heroFiles: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      const file = url.pathname === "/_next/image" ? url.searchParams.get("url") : url.pathname;
      if (file?.includes("hero-background")) heroFiles.push(`${file} w=${url.searchParams.get("w")}`);
    });
    await page.goto("/", { waitUntil: "networkidle" });
    expect(heroFiles.length, `${name}: ${heroFiles.join(", ")}`).toBe(1);
    expect(heroFiles[0], name).toContain(wanted);
    // What it shows is the file it fetched.
    const shown = await page
      .locator("main section picture img")
      .first()
      .evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(decodeURIComponent(shown), name).toContain(wanted);
    await context.close();
  }
});

test("a works list fetches at high priority the covers of its first row only: one on a phone, three on a desktop", async ({
  browser,
}) => {
  const screens = [
    { name: "phone", viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, first: 1 },
    { name: "tablet", viewport: { width: 800, height: 1000 }, deviceScaleFactor: 1, first: 2 },
    { name: "desktop", viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1, first: 3 },
  ];
  for (const { name, viewport, deviceScaleFactor, first } of screens) {
    const context = await browser.newContext({ viewport, deviceScaleFactor });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    /** Each cover file asked for, with the priority it was asked at. */
    const covers: { file: string; priority: string }[] = [];
    cdp.on("Network.requestWillBeSent", ({ request }) => {
      const url = new URL(request.url);
      const file = url.pathname === "/_next/image" ? url.searchParams.get("url") : null;
      if (file?.includes("cover-")) covers.push({ file, priority: request.initialPriority });
    });
    await page.goto("/works", { waitUntil: "networkidle" });
    const firstRow = await page
      .locator("main li img")
      .evaluateAll(
        (imgs, count) =>
          imgs
            .slice(0, count)
            .map((img) => new URL((img as HTMLImageElement).currentSrc).searchParams.get("url")),
        first,
      );
    const high = covers.filter((cover) => cover.priority === "High").map((cover) => cover.file);
    expect(new Set(high), `${name}: ${JSON.stringify(covers)}`).toEqual(new Set(firstRow));
    await context.close();
  }
});

test("a first visit fetches no other page ahead; a link's page is fetched when a visitor reaches for it, then opens without a document load", async ({
  page,
}) => {
  const ahead: string[] = [];
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("_rsc=") || request.headers()["next-router-prefetch"])
      ahead.push(request.url());
    if (request.resourceType() === "document") documents.push(request.url());
  });
  await page.goto("/works", { waitUntil: "networkidle" });
  // Every card, pagination and header link is in view on a desktop, none fetched ahead
  // (next/link's default fetched each one, and the pictures their pages preload).
  expect(ahead).toEqual([]);

  const nav = page.getByRole("navigation", { name: "Navigation principale" });
  const contact = nav.getByRole("link", { name: "Contact" });
  await contact.hover();
  await expect.poll(() => ahead.some((url) => new URL(url).pathname === "/contact")).toBe(true);

  const completed = nav.getByRole("link", { name: "Réalisés" });
  await completed.focus();
  await expect.poll(() => ahead.some((url) => new URL(url).pathname === "/works-completed")).toBe(true);

  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/works-completed$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(documents.map((url) => new URL(url).pathname)).toEqual(["/works"]);
});
