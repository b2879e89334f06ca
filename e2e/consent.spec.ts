import path from "node:path";

import type { BrowserContext, Locator, Page, Request } from "@playwright/test";

import { violations } from "../test-support/axe";
import { filesUnder } from "../test-support/files-under";
import { hydrated, inWebFaces, settle } from "../test-support/settle";
import { blockOutsideHosts, expect, test } from "./fixtures";
import { pages, translation, type Lang } from "./helpers/content";
import { trace } from "./helpers/scroll-trace";

/**
 * The cookie consent manager as a visitor meets it in Chromium: the notice on
 * a first visit, each way of answering it, the cookie it leaves, what loads
 * (and what never does) from the analytics and video hosts, the panel by
 * keyboard, and axe with the notice and with the panel open.
 *
 * Google's tag and the video players never leave the machine: their hosts are
 * answered here (the tag by a stand-in that sets GA's cookies), every other
 * outside host is aborted by the fixture, and each request is recorded.
 */

const COOKIE = "vifargent_consent";
const GA_ID = "G-E2ETEST01";
const ANALYTICS_HOST = "www.googletagmanager.com";
const VIDEO_HOSTS = ["www.youtube-nocookie.com", "www.youtube.com", "player.vimeo.com", "i.ytimg.com"];

/** A work page whose cover is a YouTube video (from the bundled content), per language, and that video's title. */
function youtubeWork(lang: Lang): { path: string; title: string } {
  const found = pages.find(
    (candidate) =>
      candidate.lang === lang &&
      candidate.doc.type === "project" &&
      (candidate.doc.data.teaser as { provider_name?: string } | undefined)?.provider_name === "YouTube",
  );
  if (!found) throw new Error(`No ${lang} work with a YouTube cover in the bundled content`);
  return { path: found.path, title: (found.doc.data.teaser as { title: string }).title };
}
const youtubeWorkFr = youtubeWork("fr");

/** The play button of the work's cover video. */
function coverPlay(page: Page, lang: Lang = "fr") {
  return page.getByRole("button", {
    name: `${translation(lang, "works.play_video")} — ${youtubeWork(lang).title}`,
  });
}

/** The sentence that asks for a player, as the visitor reads it. */
function videoQuestionText(lang: Lang, service: string) {
  return translation(lang, "consent.video_blocked").replace("{service}", service);
}

/** The question asked in place of a video, for one player. */
function videoQuestion(page: Page, service = "YouTube", lang: Lang = "fr") {
  return page.getByRole("group", { name: videoQuestionText(lang, service) });
}

function allowButton(page: Page, service = "YouTube", lang: Lang = "fr") {
  return page.getByRole("button", {
    name: translation(lang, "consent.video_allow").replace("{service}", service),
  });
}

/** Records every request to a host that is not loopback; answers Google's tag and the players. */
async function watchOutsideHosts(page: Page): Promise<Request[]> {
  const requests: Request[] = [];
  page.on("request", (request) => {
    const { hostname } = new URL(request.url());
    if (hostname !== "127.0.0.1" && hostname !== "localhost") requests.push(request);
  });
  // Stands in for gtag.js: it writes the cookies the real tag writes, so revoking can be checked.
  await page.route(`https://${ANALYTICS_HOST}/**`, (route) =>
    route.fulfill({
      contentType: "text/javascript",
      body: `document.cookie = "_ga=GA1.1.42.42; path=/; max-age=3600"; document.cookie = "_ga_E2ETEST01=GS1.1.42; path=/; max-age=3600";`,
    }),
  );
  await page.route(
    (url) => VIDEO_HOSTS.includes(url.hostname),
    (route) => route.fulfill({ contentType: "text/html", body: "<!doctype html><title>player</title>" }),
  );
  return requests;
}

const hostsOf = (requests: Request[]) => [
  ...new Set(requests.map((request) => new URL(request.url()).hostname)),
];

function notice(page: Page, lang: Lang = "fr") {
  return page.getByRole("region", { name: translation(lang, "consent.title") });
}

function panel(page: Page, lang: Lang = "fr") {
  return page.getByRole("dialog", { name: translation(lang, "consent.panel_title") });
}

async function consentCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === COOKIE);
}

/** The cookie's value: the choices with their record's reference. */
async function savedConsent(
  context: BrowserContext,
): Promise<{ id: string; at: number; choices: Record<string, boolean> } | undefined> {
  const cookie = await consentCookie(context);
  return cookie ? JSON.parse(decodeURIComponent(cookie.value)) : undefined;
}

async function savedChoices(context: BrowserContext): Promise<Record<string, boolean> | undefined> {
  return (await savedConsent(context))?.choices;
}

async function setChoices(context: BrowserContext, choices: Record<string, boolean> | string) {
  const value = typeof choices === "string" ? choices : encodeURIComponent(JSON.stringify(choices));
  await context.addCookies([{ name: COOKIE, value, url: "http://127.0.0.1/" }]);
}

const allOff = { necessary: true, analytics: false, youtube: false, vimeo: false };
const allOn = { necessary: true, analytics: true, youtube: true, vimeo: true };

test.describe("first visit", () => {
  test("shows the notice with three equal buttons, sets no cookie and asks nothing of outside hosts", async ({
    page,
    context,
  }) => {
    const outside = await watchOutsideHosts(page);
    await page.goto(youtubeWorkFr.path);
    await expect(notice(page)).toBeVisible();
    await expect(notice(page)).toContainText(translation("fr", "consent.notice"));
    const buttons = notice(page).getByRole("button");
    await expect(buttons).toHaveText([
      translation("fr", "consent.accept_all"),
      translation("fr", "consent.refuse_all"),
      translation("fr", "consent.customise"),
    ]);
    // Refusing is as prominent as accepting: the three look the same.
    const looks = await buttons.evaluateAll((elements) =>
      elements.map((element) => {
        const style = getComputedStyle(element);
        return [
          style.backgroundColor,
          style.color,
          style.fontSize,
          style.fontWeight,
          style.borderColor,
        ].join();
      }),
    );
    expect(new Set(looks).size).toBe(1);
    await page.waitForTimeout(500);
    expect(await consentCookie(context)).toBeUndefined();
    expect(hostsOf(outside)).toEqual([]);
    // The video shows its poster and play button; it asks for its player only when played.
    await expect(coverPlay(page)).toBeVisible();
    await expect(page.getByText(videoQuestionText("fr", "YouTube"))).toHaveCount(0);
    await expect(allowButton(page)).toHaveCount(0);
    await expect(page.locator("iframe")).toHaveCount(0);
  });

  test("English pages show it in English", async ({ page }) => {
    await page.goto("/en");
    await expect(notice(page, "en")).toContainText(translation("en", "consent.notice"));
    await expect(notice(page, "en").getByRole("button")).toHaveText([
      translation("en", "consent.accept_all"),
      translation("en", "consent.refuse_all"),
      translation("en", "consent.customise"),
    ]);
  });

  test("sets Consent Mode defaults, all denied, in the head before any tag", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const head = html.slice(0, html.indexOf("</head>"));
    const defaults = head.indexOf("gtag('consent','default'");
    expect(defaults).toBeGreaterThan(-1);
    expect(head.slice(defaults, head.indexOf("</script>", defaults))).toContain("analytics_storage:'denied'");
    // No Google tag in the page as served; it is only ever added after consent.
    expect(html).not.toContain(ANALYTICS_HOST);
  });
});

test.describe("answering the notice", () => {
  test("accept all saves every service for 90 days, hides the notice and loads the tag", async ({
    page,
    context,
  }) => {
    const outside = await watchOutsideHosts(page);
    await page.goto("/");
    await notice(page)
      .getByRole("button", { name: translation("fr", "consent.accept_all") })
      .click();
    await expect(notice(page)).toHaveCount(0);
    expect(await savedChoices(context)).toEqual(allOn);
    const cookie = (await consentCookie(context))!;
    expect(cookie).toMatchObject({ path: "/", sameSite: "Lax", secure: false, httpOnly: false });
    const days = (cookie.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);
    await expect.poll(() => hostsOf(outside)).toEqual([ANALYTICS_HOST]);
    expect(outside[0].url()).toBe(`https://${ANALYTICS_HOST}/gtag/js?id=${GA_ID}`);
    // The defaults came first; then the update granting analytics, then the tag's configuration.
    const commands = await page.evaluate(() =>
      (window as unknown as { dataLayer: IArguments[] }).dataLayer.map((entry) =>
        Array.from(entry).slice(0, 2),
      ),
    );
    expect(commands.slice(0, 4)).toEqual([
      ["consent", "default"],
      ["consent", "update"],
      ["js", expect.anything()],
      ["config", GA_ID],
    ]);
    await expect(
      page.getByRole("status").filter({ hasText: translation("fr", "consent.saved") }),
    ).toHaveCount(1);
  });

  test("refuse all saves every optional service off and loads nothing", async ({ page, context }) => {
    const outside = await watchOutsideHosts(page);
    await page.goto("/");
    await notice(page)
      .getByRole("button", { name: translation("fr", "consent.refuse_all") })
      .click();
    await expect(notice(page)).toHaveCount(0);
    expect(await savedChoices(context)).toEqual(allOff);
    await page.waitForTimeout(500);
    expect(hostsOf(outside)).toEqual([]);
  });

  test("customise, then save, keeps exactly the toggles chosen", async ({ page, context }) => {
    const outside = await watchOutsideHosts(page);
    await page.goto("/");
    await notice(page)
      .getByRole("button", { name: translation("fr", "consent.customise") })
      .click();
    const dialog = panel(page);
    await expect(dialog).toBeVisible();
    // Each service, its description and a choice; the required one on and fixed.
    const necessary = dialog.getByRole("group", { name: /Cookies nécessaires/ });
    await expect(necessary.getByRole("radio", { name: translation("fr", "consent.accept") })).toBeChecked();
    await expect(necessary.getByRole("radio", { name: translation("fr", "consent.accept") })).toBeDisabled();
    await expect(necessary.getByRole("radio", { name: translation("fr", "consent.refuse") })).toBeDisabled();
    await expect(necessary).toContainText(translation("fr", "consent.necessary_description"));
    const analytics = dialog.getByRole("group", { name: translation("fr", "consent.analytics_name") });
    await expect(analytics.getByRole("radio", { name: translation("fr", "consent.refuse") })).toBeChecked();
    await analytics.getByRole("radio", { name: translation("fr", "consent.accept") }).check();
    await dialog.getByRole("button", { name: translation("fr", "consent.save") }).click();
    await expect(dialog).toHaveCount(0);
    await expect(notice(page)).toHaveCount(0);
    expect(await savedChoices(context)).toEqual({ ...allOff, analytics: true });
    await expect.poll(() => hostsOf(outside)).toEqual([ANALYTICS_HOST]);
  });

  test("close collapses the panel back to the notice without saving", async ({ page, context }) => {
    await page.goto("/");
    await notice(page)
      .getByRole("button", { name: translation("fr", "consent.customise") })
      .click();
    await panel(page)
      .getByRole("button", { name: translation("fr", "consent.close") })
      .click();
    await expect(panel(page)).toHaveCount(0);
    await expect(notice(page)).toBeVisible();
    expect(await consentCookie(context)).toBeUndefined();
  });
});

/** The consent store the suite's site writes (e2e/site-env.ts). */
const STORE = path.join(process.cwd(), "test-results", "consent");

/** Every file of the store, as text: records and notice versions. */
const storeFiles = () => filesUnder(STORE);

interface StoredRecord {
  consentId: string;
  version: string;
  kind: string;
  lang: string;
  choices: Record<string, boolean>;
  choiceAt: string;
  recordedAt: string;
}

/** The records of one consent id, in the order written. */
async function recordsOf(consentId: string): Promise<StoredRecord[]> {
  return (await storeFiles())
    .filter(({ file }) => file.endsWith(".jsonl"))
    .flatMap(({ text }) => text.split("\n").filter((line) => line.includes(consentId)))
    .map((line) => JSON.parse(line) as StoredRecord)
    .sort((a, b) => a.recordedAt.localeCompare(b.recordedAt));
}

test.describe("proof of consent", () => {
  const answers = [
    { button: "consent.accept_all", kind: "accept_all", choices: allOn },
    { button: "consent.refuse_all", kind: "refuse_all", choices: allOff },
  ] as const;
  for (const { button, kind, choices } of answers) {
    test(`"${translation("fr", button)}" is recorded, synced before the answer, with nothing that names the visitor`, async ({
      page,
      context,
    }) => {
      const before = Date.now();
      const answered = page.waitForResponse((response) => response.url().endsWith("/api/consent"));
      await page.goto("/");
      await notice(page)
        .getByRole("button", { name: translation("fr", button) })
        .click();
      expect((await answered).status()).toBe(201);
      const saved = await savedConsent(context);
      expect(saved?.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      // On disk by the time the site answered.
      const [record] = await recordsOf(saved!.id);
      expect(record).toMatchObject({ consentId: saved!.id, kind, lang: "fr", choices });
      expect(record.version).toMatch(/^[0-9a-f]{16}$/);
      expect(Date.parse(record.recordedAt)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(record.choiceAt)).toBe(saved!.at);
      expect(Object.keys(record).sort()).toEqual([
        "choiceAt",
        "choices",
        "consentId",
        "kind",
        "lang",
        "recordedAt",
        "version",
      ]);
      // Nothing in the whole store names the client: not its address, not its browser.
      const agent = await page.evaluate(() => navigator.userAgent);
      const everything = (await storeFiles()).map(({ text }) => text).join("\n");
      expect(everything).not.toContain("127.0.0.1");
      expect(everything).not.toContain(agent);
      expect(everything).not.toMatch(/HeadlessChrome|Mozilla\/5\.0/);
    });
  }

  test("a custom choice, then a withdrawal, are two records of one consent id; the panel shows the last one's date and reference", async ({
    page,
    context,
  }) => {
    await page.goto("/en");
    await notice(page, "en")
      .getByRole("button", { name: translation("en", "consent.customise") })
      .click();
    const dialog = panel(page, "en");
    await dialog
      .getByRole("group", { name: "YouTube" })
      .getByRole("radio", { name: translation("en", "consent.accept") })
      .check();
    const first = page.waitForResponse((response) => response.url().endsWith("/api/consent"));
    await dialog.getByRole("button", { name: translation("en", "consent.save") }).click();
    expect((await first).status()).toBe(201);
    const { id } = (await savedConsent(context))!;

    await page.getByRole("button", { name: translation("en", "common.cookie_preferences") }).click();
    await expect(panel(page, "en")).toContainText(id);
    await panel(page, "en")
      .getByRole("group", { name: "YouTube" })
      .getByRole("radio", { name: translation("en", "consent.refuse") })
      .check();
    const second = page.waitForResponse((response) => response.url().endsWith("/api/consent"));
    await panel(page, "en")
      .getByRole("button", { name: translation("en", "consent.save") })
      .click();
    expect((await second).status()).toBe(201);

    const records = await recordsOf(id);
    expect(records.map((record) => [record.kind, record.lang, record.choices])).toEqual([
      ["custom", "en", { ...allOff, youtube: true }],
      ["withdrawal", "en", allOff],
    ]);
    expect((await savedConsent(context))?.id).toBe(id);

    // The visitor's receipt: the date of their last choice and the reference to quote.
    await page.getByRole("button", { name: translation("en", "common.cookie_preferences") }).click();
    const { at } = (await savedConsent(context))!;
    const date = await page.evaluate(
      (time) => new Intl.DateTimeFormat("en", { dateStyle: "long", timeStyle: "short" }).format(time),
      at,
    );
    await expect(panel(page, "en")).toContainText(
      translation("en", "consent.receipt").replace("{date}", date).replace("{id}", id),
    );
  });

  test("a choice made while the site cannot be reached is recorded from the next page", async ({
    page,
    context,
  }) => {
    await page.goto("/");
    await page.route("**/api/consent", (route) => route.abort("internetdisconnected"));
    await notice(page)
      .getByRole("button", { name: translation("fr", "consent.accept_all") })
      .click();
    const { id } = (await savedConsent(context))!;
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem("vifargent_consent_pending")))
      .toContain(id);
    expect(await recordsOf(id)).toEqual([]);
    await page.unroute("**/api/consent");
    const sent = page.waitForResponse((response) => response.url().endsWith("/api/consent"));
    await page.goto("/works");
    expect((await sent).status()).toBe(201);
    expect((await recordsOf(id)).map((record) => record.kind)).toEqual(["accept_all"]);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem("vifargent_consent_pending")))
      .toBeNull();
  });

  test("nothing is recorded before a choice, nor by a visit without JavaScript", async ({ browser }) => {
    const before = (await storeFiles())
      .filter(({ file }) => file.endsWith(".jsonl"))
      .map(({ text }) => text)
      .join("");
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await page.goto("/");
    await page.goto("/works");
    await context.close();
    const visit = await browser.newContext();
    const scripted = await visit.newPage();
    scripted.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await scripted.goto("/");
    await expect(notice(scripted)).toBeVisible();
    await scripted.goto("/contact");
    await visit.close();
    expect(posts).toEqual([]);
    const after = (await storeFiles())
      .filter(({ file }) => file.endsWith(".jsonl"))
      .map(({ text }) => text)
      .join("");
    expect(after).toBe(before);
  });
});

test.describe("returning visitors", () => {
  test("a complete cookie shows nothing, never flashes the notice, and is applied", async ({
    page,
    context,
  }) => {
    await setChoices(context, { ...allOff, analytics: true, youtube: true });
    const outside = await watchOutsideHosts(page);
    // Records whether the notice was ever in the document, from the first byte on.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.querySelector("[data-consent-notice]"))
          (window as unknown as { noticeSeen: boolean }).noticeSeen = true;
      }).observe(document, { childList: true, subtree: true });
    });
    const errors: string[] = [];
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(youtubeWorkFr.path);
    await hydrated(page);
    await expect.poll(() => hostsOf(outside)).toEqual([ANALYTICS_HOST]);
    expect(
      await page.evaluate(() => (window as unknown as { noticeSeen?: boolean }).noticeSeen),
    ).toBeUndefined();
    await expect(page.getByRole("button", { name: /Lire la vidéo/ }).first()).toBeVisible();
    expect(errors).toEqual([]);
    // The player is allowed: play plays at once, nothing is asked.
    await coverPlay(page).click();
    const player = page.locator('iframe[src^="https://www.youtube-nocookie.com/embed/"]');
    await expect(player).toBeFocused();
    await expect(videoQuestion(page)).toHaveCount(0);
  });

  test("a cookie missing a service shows the notice again", async ({ page, context }) => {
    await setChoices(context, { necessary: true, analytics: false, youtube: true });
    await page.goto("/");
    await expect(notice(page)).toBeVisible();
    await notice(page)
      .getByRole("button", { name: translation("fr", "consent.customise") })
      .click();
    // The choices already made are kept in the panel.
    await expect(
      panel(page)
        .getByRole("group", { name: "YouTube" })
        .getByRole("radio", { name: translation("fr", "consent.accept") }),
    ).toBeChecked();
  });

  for (const [name, value] of [
    ["malformed", "%7B%22analytics%22%3Atrue"],
    ["tampered", encodeURIComponent('{"necessary":true,"analytics":"yes","youtube":true,"vimeo":true}')],
    ["prototype-polluting", encodeURIComponent('{"__proto__":{"analytics":true},"necessary":true}')],
    ["oversized", encodeURIComponent(JSON.stringify({ analytics: true, padding: "x".repeat(3000) }))],
    ["badly encoded", "%E0%A4%A"],
  ]) {
    test(`a ${name} cookie counts as no consent and never breaks the page`, async ({ page, context }) => {
      await setChoices(context, value);
      const outside = await watchOutsideHosts(page);
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      const response = await page.goto("/");
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(notice(page)).toBeVisible();
      expect(hostsOf(outside)).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
});

test.describe("services after a choice", () => {
  test("a video's own button allows that player alone and plays it", async ({ page, context }) => {
    const outside = await watchOutsideHosts(page);
    await page.goto(youtubeWorkFr.path);
    await expect(notice(page)).toBeVisible();
    expect(hostsOf(outside)).toEqual([]);
    await coverPlay(page).click();
    const recorded = page.waitForResponse((response) => response.url().endsWith("/api/consent"));
    await allowButton(page).click();
    const player = page.locator('iframe[src^="https://www.youtube-nocookie.com/embed/"]');
    await expect(player).toHaveCount(1);
    await expect(player).toBeFocused();
    expect(await savedChoices(context)).toEqual({ necessary: true, youtube: true });
    // Recorded too, naming only what was decided: the rest is not consented to.
    expect((await recorded).status()).toBe(201);
    const [record] = await recordsOf((await savedConsent(context))!.id);
    expect(record).toMatchObject({ kind: "custom", choices: { necessary: true, youtube: true } });
    await expect.poll(() => hostsOf(outside)).toEqual(["www.youtube-nocookie.com"]);
    // Analytics and Vimeo are still undecided: the notice stays.
    await expect(notice(page)).toBeVisible();
  });

  test("revoking analytics stops it and removes its cookies without a reload", async ({ page, context }) => {
    await setChoices(context, allOn);
    await watchOutsideHosts(page);
    await page.goto("/");
    await hydrated(page);
    await expect
      .poll(async () => (await context.cookies()).map((cookie) => cookie.name).sort())
      .toEqual(["_ga", "_ga_E2ETEST01", COOKIE]);

    await page.getByRole("button", { name: translation("fr", "common.cookie_preferences") }).click();
    const analytics = panel(page).getByRole("group", { name: translation("fr", "consent.analytics_name") });
    await analytics.getByRole("radio", { name: translation("fr", "consent.refuse") }).check();
    await panel(page)
      .getByRole("button", { name: translation("fr", "consent.save") })
      .click();

    expect((await context.cookies()).map((cookie) => cookie.name)).toEqual([COOKIE]);
    expect(await savedChoices(context)).toEqual({ ...allOn, analytics: false });
    const state = await page.evaluate((id) => {
      const layer = (window as unknown as { dataLayer: IArguments[] }).dataLayer.map((entry) =>
        Array.from(entry),
      );
      return {
        disabled: (window as unknown as Record<string, unknown>)[`ga-disable-${id}`],
        lastConsent: layer.filter((entry) => entry[0] === "consent").at(-1),
      };
    }, GA_ID);
    expect(state).toEqual({
      disabled: true,
      lastConsent: ["consent", "update", { analytics_storage: "denied" }],
    });
  });
});

test.describe("a video before its player is allowed", () => {
  /** The video's frame: the box the poster, the question and the player share. */
  const frame = (page: Page) => coverPlay(page).locator("..");

  /** A box in the page's coordinates (clicking may scroll the window). */
  const box = (locator: Locator) =>
    locator.evaluate((element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      return { x: x + scrollX, y: y + scrollY, width, height };
    });

  /** Where the page's main blocks are, to show that asking moves nothing. */
  async function layout(page: Page) {
    return page.evaluate(() => ({
      height: document.documentElement.scrollHeight,
      blocks: Array.from(document.querySelectorAll("main > *, main article > *, footer"))
        .filter((element) => element.getClientRects().length > 0)
        .map((element) => {
          const { x, y, width, height } = element.getBoundingClientRect();
          return [x + scrollX, y + scrollY, width, height];
        }),
    }));
  }

  test("at rest it looks as it does for a visitor who allowed its player: the work's picture and a play button", async ({
    browser,
  }, testInfo) => {
    /** The cover video at rest, for a visitor who made these choices (so the notice is out of the way). */
    async function atRest(choices: Record<string, boolean>) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
      await setChoices(context, choices);
      const page = await context.newPage();
      const outside = await watchOutsideHosts(page);
      await page.goto(youtubeWorkFr.path);
      await hydrated(page);
      await expect(coverPlay(page)).toBeVisible();
      await expect(page.getByText(videoQuestionText("fr", "YouTube"))).toHaveCount(0);
      await settle(page, { images: true });
      const shot = await frame(page).screenshot();
      await context.close();
      expect(hostsOf(outside)).toEqual([]);
      await testInfo.attach(`youtube ${choices.youtube ? "allowed" : "refused"}`, {
        body: shot,
        contentType: "image/png",
      });
      return shot;
    }
    // Not dimmed, no notice over it: pixel for pixel the same poster and play button.
    expect((await atRest(allOff)).equals(await atRest({ ...allOff, youtube: true }))).toBe(true);
  });

  test("play asks in place, with focus on the answer, moving nothing and loading nothing until allowed", async ({
    page,
    context,
  }) => {
    const outside = await watchOutsideHosts(page);
    await page.goto(youtubeWorkFr.path);
    await hydrated(page);
    await expect(notice(page)).toBeVisible();
    // The page keeps room for the notice at its end once the notice is measured: measured from then on.
    await page.waitForFunction(() =>
      document.documentElement.style.getPropertyValue("--consent-notice-space"),
    );
    await settle(page, { images: true });
    const frameBefore = await box(frame(page));
    const before = await layout(page);

    await coverPlay(page).click();
    const question = videoQuestion(page);
    await expect(question).toBeVisible();
    await expect(question).toContainText(videoQuestionText("fr", "YouTube"));
    await expect(allowButton(page)).toBeFocused();
    await expect(question.getByRole("link", { name: /Voir sur YouTube/ })).toHaveAttribute(
      "href",
      /^https:\/\/www\.youtube\.com\/watch\?v=/,
    );
    // In the poster's frame: the same box, and nothing else on the page moved.
    expect(await box(question)).toEqual(frameBefore);
    expect(await layout(page)).toEqual(before);
    await page.waitForTimeout(500);
    expect(hostsOf(outside)).toEqual([]);
    expect(await consentCookie(context)).toBeUndefined();
    await expect(page.locator("iframe")).toHaveCount(0);

    await allowButton(page).click();
    const player = page.locator('iframe[src^="https://www.youtube-nocookie.com/embed/"]');
    await expect(player).toBeFocused();
    await expect(player).toHaveAttribute("src", /[?&]autoplay=1(&|$)/);
    expect(await box(player)).toEqual(frameBefore);
    await expect.poll(() => hostsOf(outside)).toEqual(["www.youtube-nocookie.com"]);
    expect(await savedChoices(context)).toEqual({ necessary: true, youtube: true });
  });

  test("keyboard only: Tab to play, Enter asks, Escape puts it away, Enter again and allow", async ({
    page,
  }) => {
    const outside = await watchOutsideHosts(page);
    await page.goto(youtubeWorkFr.path);
    await hydrated(page);
    const play = coverPlay(page);
    for (
      let presses = 0;
      presses < 60 && !(await play.evaluate((button) => button === document.activeElement));
      presses++
    )
      await page.keyboard.press("Tab");
    await expect(play).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(allowButton(page)).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(videoQuestion(page)).toHaveCount(0);
    await expect(play).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(allowButton(page)).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(videoQuestion(page).getByRole("link", { name: /Voir sur YouTube/ })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(
      videoQuestion(page).getByRole("button", { name: translation("fr", "consent.close") }),
    ).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    await expect(allowButton(page)).toBeFocused();
    expect(hostsOf(outside)).toEqual([]);
    await page.keyboard.press("Enter");
    await expect(page.locator('iframe[src^="https://www.youtube-nocookie.com/embed/"]')).toBeFocused();
  });

  test("the close button puts the question away and gives focus back to play", async ({ page }) => {
    await page.goto(youtubeWorkFr.path);
    await hydrated(page);
    await coverPlay(page).click();
    await videoQuestion(page)
      .getByRole("button", { name: translation("fr", "consent.close") })
      .click();
    await expect(videoQuestion(page)).toHaveCount(0);
    await expect(coverPlay(page)).toBeFocused();
  });

  test("without JavaScript, the play control is a link to watch on the provider's site", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await blockOutsideHosts(page);
    await page.goto(youtubeWorkFr.path);
    const watch = page.getByRole("link", {
      name: new RegExp(`${translation("fr", "works.watch_on")} YouTube`),
    });
    await expect(watch.first()).toBeVisible();
    await expect(watch.first()).toHaveAttribute("href", /^https:\/\/www\.youtube\.com\/watch\?v=/);
    // The button that needs a script is not offered, and the link covers the poster where it was.
    await expect(page.getByRole("button", { name: /Lire la vidéo/ })).toHaveCount(0);
    await context.close();
  });
});

test.describe("the panel", () => {
  test("reopens from the footer; Escape closes it and gives focus back; the page does not scroll", async ({
    page,
  }) => {
    await page
      .context()
      .addCookies([
        { name: COOKIE, value: encodeURIComponent(JSON.stringify(allOff)), url: "http://127.0.0.1/" },
      ]);
    await page.goto("/");
    await hydrated(page);
    const opener = page.getByRole("button", { name: translation("fr", "common.cookie_preferences") });
    await opener.focus();
    await page.keyboard.press("Enter");
    await expect(panel(page)).toBeVisible();
    const samples = await trace(page, () => page.mouse.wheel(0, 600));
    expect(samples.at(-1)).toBe(samples[0]);
    await page.keyboard.press("Escape");
    await expect(panel(page)).toHaveCount(0);
    await expect(opener).toBeFocused();
    await expect(notice(page)).toHaveCount(0);
  });

  test("keyboard only: every control is reachable, operable and keeps focus inside", async ({
    page,
    context,
  }) => {
    await page.goto("/");
    await expect(notice(page)).toBeVisible();
    // The notice comes first in the tab order, right after the skip link.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: translation("fr", "common.skip_link") })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(
      notice(page).getByRole("button", { name: translation("fr", "consent.accept_all") }),
    ).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(
      notice(page).getByRole("button", { name: translation("fr", "consent.customise") }),
    ).toBeFocused();
    await page.keyboard.press("Enter");
    const dialog = panel(page);
    await expect(dialog).toBeVisible();

    // Tab through the panel: close, then one stop per optional service, then save; then round again.
    const stops: string[] = [];
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      stops.push(
        await page.evaluate(() => {
          const element = document.activeElement as HTMLElement;
          return `${element.closest("dialog") ? "in" : "OUT"}:${element.getAttribute("aria-label") ?? element.getAttribute("name") ?? element.textContent}`;
        }),
      );
    }
    expect(stops).toEqual([
      `in:${translation("fr", "consent.close")}`,
      "in:consent-analytics",
      "in:consent-youtube",
      "in:consent-vimeo",
      `in:${translation("fr", "consent.save")}`,
      `in:${translation("fr", "consent.close")}`,
    ]);
    // Shift+Tab from the first control wraps to the last.
    await page.keyboard.press("Shift+Tab");
    await expect(dialog.getByRole("button", { name: translation("fr", "consent.save") })).toBeFocused();

    // Arrow keys move a service's choice; Enter on save saves.
    await page.keyboard.press("Shift+Tab");
    await expect(
      dialog.getByRole("group", { name: "Vimeo" }).getByRole("radio", { checked: true }),
    ).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await expect(
      dialog
        .getByRole("group", { name: "Vimeo" })
        .getByRole("radio", { name: translation("fr", "consent.accept") }),
    ).toBeChecked();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(dialog).toHaveCount(0);
    expect(await savedChoices(context)).toEqual({ ...allOff, vimeo: true });
    // Focus continues from the page, not from nowhere.
    await expect(page.locator("#main")).toBeFocused();
  });
});

test.describe("on statically rendered pages", () => {
  for (const [lang, path] of [
    ["fr", "/"],
    ["fr", "/legals"],
    ["en", "/en/contact"],
    ["fr", youtubeWorkFr.path],
  ] as const) {
    test(`${path}: the notice shifts nothing and is never the largest paint`, async ({ context }) => {
      // A page without the fixtures' request routes (e2e/fixtures.ts overrides `page` only):
      // Playwright's interception delays even an answer from the browser's cache, so a kept face
      // would miss the 100 ms its text waits for it (lib/fonts/fonts.ts), which in a browser it
      // never misses. Outside hosts do not resolve (the launch's --host-resolver-rules).
      const page = await context.newPage();
      await page.addInitScript(() => {
        const record = window as unknown as { shifts: number; lcp: Element[] };
        record.shifts = 0;
        record.lcp = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as Array<{
            value: number;
            hadRecentInput: boolean;
          }>)
            if (!entry.hadRecentInput) record.shifts += entry.value;
        }).observe({ type: "layout-shift", buffered: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as Array<{ element: Element | null }>)
            if (entry.element) record.lcp.push(entry.element);
        }).observe({ type: "largest-contentful-paint", buffered: true });
      });
      // A page of a visit under way, its faces in the browser's cache (the previous page, the
      // site's, made no choice): what moves when a face comes after the first paint (a first
      // visit's, server/faces-after-paint.mjs) is e2e/first-paint.spec.ts's; this test is about
      // the notice.
      await page.goto(path);
      await inWebFaces(page);
      await page.goto(path, { referer: new URL("/works", page.url()).href });
      await expect(notice(page, lang)).toBeVisible();
      await page.waitForTimeout(1000);
      const result = await page.evaluate(() => {
        const record = window as unknown as { shifts: number; lcp: Element[] };
        return {
          shifts: record.shifts,
          lcpInNotice: record.lcp.filter((element) => element.closest("[data-consent-notice]")).length,
          lcpCount: record.lcp.length,
        };
      });
      expect(result.lcpCount).toBeGreaterThan(0);
      expect(result).toMatchObject({ shifts: 0, lcpInNotice: 0 });
    });
  }
});

test.describe("accessibility", () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    test.describe(`${viewport.width} px`, () => {
      test.use({ viewport });
      for (const lang of ["fr", "en"] as Lang[]) {
        test(`axe finds nothing with the notice, the panel open, nor a video's question (${lang})`, async ({
          page,
        }) => {
          await page.goto(youtubeWork(lang).path);
          await expect(notice(page, lang)).toBeVisible();
          await settle(page);
          const withNotice = await violations(page);
          expect(withNotice, `with the notice:\n${withNotice.join("\n")}`).toEqual([]);
          await notice(page, lang)
            .getByRole("button", { name: translation(lang, "consent.customise") })
            .click();
          await expect(panel(page, lang)).toBeVisible();
          await settle(page);
          const withPanel = await violations(page);
          expect(withPanel, `with the panel open:\n${withPanel.join("\n")}`).toEqual([]);
          await page.keyboard.press("Escape");
          await expect(panel(page, lang)).toHaveCount(0);
          await coverPlay(page, lang).click();
          await expect(videoQuestion(page, "YouTube", lang)).toBeVisible();
          await settle(page);
          const withQuestion = await violations(page);
          expect(withQuestion, `with a video's question:\n${withQuestion.join("\n")}`).toEqual([]);
        });
      }
    });
  }
});
