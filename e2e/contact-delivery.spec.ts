import { execFile } from "node:child_process";
import { readdirSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";

import type { Browser, Page } from "@playwright/test";

import { blockOutsideHosts, expect, test } from "./fixtures";
import { returningVisitor } from "./helpers/consent";
import { postContactForm } from "./helpers/contact-post";
import { translation, type Lang } from "./helpers/content";
import { startSiteServer, waitFor, type SiteServer } from "./helpers/site-server";
import { startNginx, type Nginx } from "../test-support/nginx";
import { partBody } from "../test-support/raw-mail";
import { hydrated } from "../test-support/settle";
import { startSink, type Sink } from "../test-support/smtp-sink";

/**
 * Every contact message delivered exactly once, from the first click to the inbox: a production
 * server sending to a real SMTP server that can be slow, hang or refuse, with nginx in front where
 * a proxy answers for the site (its post limit, a dead instance), in Chromium with and without
 * JavaScript. The mailbox is the SMTP server's; messages are counted by Message-ID, which is made
 * from the submission's key.
 */

test.describe.configure({ mode: "serial" });

const ROOT = path.resolve(__dirname, "..");
const OUTBOX = path.join(ROOT, "test-results", "outbox-delivery");
const FILL_MS = 500;

const t = (lang: Lang, key: string) => translation(lang, `contact.${key}`);

const MESSAGE = {
  name: "Jeanne Ferrand",
  email: "jeanne@example.fr",
  message: "Un clip pour notre prochain single, tournage en mars. Pouvons-nous en parler ?",
};

let sink: Sink;
let site: SiteServer;
let nginx: Nginx;

function siteEnv(smtpUrl: string, outbox: string): Record<string, string> {
  return {
    SMTP_URL: smtpUrl,
    CONTACT_OUTBOX_DIR: outbox,
    CONTACT_SMTP_TIMEOUT_MS: "1500",
    CONTACT_MIN_FILL_MS: String(FILL_MS),
    CONTACT_RATE_LIMIT: "1000/600",
  };
}

test.beforeAll(async () => {
  rmSync(OUTBOX, { recursive: true, force: true });
  sink = await startSink();
  site = await startSiteServer(siteEnv(sink.url, OUTBOX));
  nginx = await startNginx({ upstreams: [new URL(site.origin).host] });
});

test.afterAll(async () => {
  await nginx?.stop();
  await site?.stop();
  await sink?.close();
});

test.beforeEach(() => {
  sink.mode = "accept";
  sink.received.length = 0;
});

async function visitor(browser: Browser, origin: string, javaScriptEnabled = true) {
  const context = await browser.newContext({ baseURL: origin, javaScriptEnabled });
  await blockOutsideHosts(context);
  await returningVisitor(context, `${origin}/`);
  return { context, page: await context.newPage() };
}

/** A visitor on the contact page in `lang`, with the form filled in as a person would. */
async function filledForm(
  browser: Browser,
  { origin = site.origin, lang = "fr" as Lang, javaScriptEnabled = true } = {},
) {
  const opened = await visitor(browser, origin, javaScriptEnabled);
  await opened.page.goto(lang === "fr" ? "/contact" : `/${lang}/contact`);
  // What the form does with its script (its answers, retries, draft) is what these tests send
  // through; typing before the script runs has tests of its own.
  if (javaScriptEnabled) await hydrated(opened.page);
  await fill(opened.page, lang);
  return opened;
}

async function fill(page: Page, lang: Lang = "fr") {
  await page.getByLabel(t(lang, "name"), { exact: true }).fill(MESSAGE.name);
  await page.getByLabel(t(lang, "email"), { exact: true }).fill(MESSAGE.email);
  await page.getByLabel(t(lang, "message"), { exact: true }).fill(MESSAGE.message);
  await page.locator("#contact-consent").check();
  // A person's fill time.
  await page.waitForTimeout(FILL_MS + 200);
}

/** Holds the page's script files until `release` (a slow phone: the form works as a plain post meanwhile). */
async function holdScripts(page: Page) {
  let release = () => {};
  const scripts = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/_next/static/chunks/**", async (route) => {
    await scripts;
    await route.fallback();
  });
  return async () => {
    release();
    await page.unroute("**/_next/static/chunks/**");
  };
}

/** A visitor on a slow phone who fills the form in before the page's script has arrived (`release` lets it come). */
async function filledBeforeScript(browser: Browser) {
  const { context, page } = await visitor(browser, site.origin);
  const release = await holdScripts(page);
  await page.goto("/contact", { waitUntil: "commit" });
  await fill(page);
  return { context, page, release };
}

/** The messages still queued in the outbox (not yet delivered). */
const queued = (dir = OUTBOX) => readdirSync(dir).filter((name) => name.endsWith(".eml"));

/** Waits out the sink's last slow answer, then the mailbox's count for each Message-ID. */
async function settledCounts(): Promise<number[]> {
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  return [...sink.counts().values()];
}

test("a second click, or Enter, while the first submit is pending sends nothing more: one message", async ({
  browser,
}) => {
  sink.mode = "slow";
  sink.slowReplyMs = 1_200;
  const { context, page } = await filledForm(browser);
  const submit = page.getByRole("button", { name: t("fr", "submit") });
  await submit.click();
  await page.waitForTimeout(400);
  // A person clicks again (the button says it is busy: aria-disabled, which a click goes through).
  await page.getByRole("button", { name: t("fr", "sending") }).click({ force: true });
  await page.locator("#contact-name").press("Enter");
  await expect(page.getByRole("heading", { name: t("fr", "sent_title") })).toBeVisible();
  expect(await settledCounts()).toEqual([1]);
  expect(queued()).toEqual([]);
  await context.close();
});

test("without JavaScript, the post is answered with a redirect: the confirmation, and reloading it sends nothing", async ({
  browser,
}) => {
  const { context, page } = await filledForm(browser, { lang: "en", javaScriptEnabled: false });
  await page.getByRole("button", { name: t("en", "submit") }).click();
  await expect(page).toHaveURL(/\/en\/contact#contact-sent$/);
  await expect(page.getByRole("heading", { name: t("en", "sent_title") })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: t("en", "sent_title") })).toBeVisible();
  expect(await settledCounts()).toEqual([1]);
  await context.close();
});

test("the same post sent again without JavaScript (a double submit, a retry) is one message", async () => {
  const page = await (await fetch(`${site.origin}/contact`)).text();
  expect(page).toContain('name="submission"');
  // The browser sends the very same body again: the same fields, the same stamp.
  const fields = { ...MESSAGE, purpose: "project", started: String(Date.now() - 60_000) };
  const first = await postContactForm(site.origin, "/contact", fields);
  const again = await postContactForm(site.origin, "/contact", fields);
  expect([first, again].map((answer) => [answer.status, answer.location])).toEqual([
    [303, "/contact#contact-sent"],
    [303, "/contact#contact-sent"],
  ]);
  // Both at once: both accepted, one message.
  const other = { ...fields, message: `${MESSAGE.message} Deux fois à la fois.` };
  const both = await Promise.all([0, 1].map(() => postContactForm(site.origin, "/contact", other)));
  expect(both.map((answer) => answer.status)).toEqual([303, 303]);
  expect(await settledCounts()).toEqual([1, 1]);
});

test("offline: the visitor is told, the text stays, and sending again once online delivers it once", async ({
  browser,
}) => {
  const { context, page } = await filledForm(browser);
  await context.setOffline(true);
  await page.getByRole("button", { name: t("fr", "submit") }).click();
  await expect(page.locator("form").getByRole("alert")).toHaveText(t("fr", "error_offline"));
  await expect(page.locator("#contact-message")).toHaveValue(MESSAGE.message);
  await context.setOffline(false);
  await page.getByRole("button", { name: t("fr", "submit") }).click();
  await expect(page.getByRole("heading", { name: t("fr", "sent_title") })).toBeVisible();
  expect(await settledCounts()).toEqual([1]);
  await context.close();
});

test("a reload keeps what was typed and the submission's key: the message sent after it is the same one", async ({
  browser,
}) => {
  const { context, page } = await filledForm(browser);
  const key = await page.locator('input[name="submission"]').inputValue();
  expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
  await page.reload();
  await expect(page.locator("#contact-message")).toHaveValue(MESSAGE.message);
  await expect(page.locator("#contact-email")).toHaveValue(MESSAGE.email);
  await expect(page.locator('input[name="submission"]')).toHaveValue(key);
  await page.waitForTimeout(FILL_MS + 200);
  await page.getByRole("button", { name: t("fr", "submit") }).click();
  await expect(page.getByRole("heading", { name: t("fr", "sent_title") })).toBeVisible();
  expect([...sink.counts().keys()]).toEqual([expect.stringContaining(key)]);
  // "Write another message": an empty form, and a new key.
  await page.getByRole("link", { name: t("fr", "send_another") }).click();
  await expect(page.locator("#contact-message")).toHaveValue("");
  await expect(page.locator('input[name="submission"]')).not.toHaveValue(key);
  await context.close();
});

test("what is typed before the page's script runs is kept: a reload brings it back, with the key, and sends it once", async ({
  browser,
}) => {
  // A slow phone: the page is shown and usable, its script still on its way.
  const { context, page, release } = await filledBeforeScript(browser);
  await release();
  await hydrated(page);
  const key = page.locator('input[name="submission"]');
  await expect(key).toHaveValue(/^[A-Za-z0-9_-]{22}$/);
  const typedWith = await key.inputValue();
  await page.reload();
  await hydrated(page);
  await expect(page.locator("#contact-message")).toHaveValue(MESSAGE.message);
  await expect(page.locator("#contact-name")).toHaveValue(MESSAGE.name);
  await expect(page.locator("#contact-consent")).toBeChecked();
  await expect(key).toHaveValue(typedWith);
  await page.waitForTimeout(FILL_MS + 200);
  await page.getByRole("button", { name: t("fr", "submit") }).click();
  await expect(page.getByRole("heading", { name: t("fr", "sent_title") })).toBeVisible();
  expect([...sink.counts().keys()]).toEqual([expect.stringContaining(typedWith)]);
  await context.close();
});

test("a stored draft never overwrites what is typed before the page's script runs", async ({ browser }) => {
  const { context, page } = await filledForm(browser);
  const key = await page.locator('input[name="submission"]').inputValue();
  const release = await holdScripts(page);
  await page.reload({ waitUntil: "commit" });
  // The form's early script gives it the tab's key as it is parsed, before the page's script.
  await expect(page.locator('input[name="submission"]')).toHaveValue(key);
  // The message typed again, and the consent box ticked then unticked: both changes stay.
  const retyped = "Finalement, un documentaire : pouvons-nous en parler cette semaine ?";
  await page.locator("#contact-message").fill(retyped);
  await page.locator("#contact-consent").check();
  await page.locator("#contact-consent").uncheck();
  await release();
  await hydrated(page);
  await expect(page.locator('input[name="submission"]')).toHaveValue(key);
  // The fields left alone come back from the draft.
  await expect(page.locator("#contact-name")).toHaveValue(MESSAGE.name);
  await expect(page.locator("#contact-message")).toHaveValue(retyped);
  await expect(page.locator("#contact-consent")).not.toBeChecked();
  await page.reload();
  await expect(page.locator("#contact-message")).toHaveValue(retyped);
  await context.close();
});

test("a post the browser sends before the page's script runs, then a send from the script once it has: one message", async ({
  browser,
}) => {
  const { context, page, release } = await filledBeforeScript(browser);
  // The browser's own post of the form, as the Send button makes it before the script has run
  // (its answer, the confirmation, is slow to come back on this link: the visitor never sees it).
  const key = await page.locator('input[name="submission"]').inputValue();
  expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
  const status = await page.evaluate(async () => {
    const form = document.querySelector("form")!;
    return (await fetch(form.action, { method: "POST", body: new FormData(form), redirect: "manual" })).type;
  });
  expect(status).toBe("opaqueredirect");
  await waitFor(async () => sink.received.length === 1, 10_000, "the first post's message");
  // The script arrives, and the visitor, seeing nothing happen, sends again.
  await release();
  await hydrated(page);
  await expect(page.locator('input[name="submission"]')).toHaveValue(key);
  await page.getByRole("button", { name: t("fr", "submit") }).click();
  await expect(page.getByRole("heading", { name: t("fr", "sent_title") })).toBeVisible();
  expect(await settledCounts()).toEqual([1]);
  expect([...sink.counts().keys()]).toEqual([expect.stringContaining(key)]);
  await context.close();
});

test("the confirmation of a post sent before the page's script ran offers a fresh form, not that message again", async ({
  browser,
}) => {
  // A draft in the tab (the form filled once the script had run), then a reload on a slow link: the
  // visitor fills the form again before the script comes, and sends it.
  const { context, page } = await filledForm(browser);
  const release = await holdScripts(page);
  await page.reload({ waitUntil: "commit" });
  await fill(page);
  await page.getByRole("button", { name: t("fr", "submit") }).click({ noWaitAfter: true });
  await release();
  await expect(page).toHaveURL(/#contact-sent$/);
  await hydrated(page);
  await expect(page.locator("#contact-sent")).toBeVisible();
  await expect(page.locator("#contact-message")).toHaveValue("");
  await expect(page.locator("#contact-name")).toHaveValue("");
  expect(await settledCounts()).toEqual([1]);
  // What is typed there stays: through a visit to the legal notice and back within the site, and
  // through a reload of the confirmation, as on any page of the form.
  const another = "Une autre idée, pour la rentrée : un court métrage.";
  await page.locator("#contact-message").fill(another);
  await page
    .locator("form")
    .getByRole("link", { name: t("fr", "consent_link") })
    .click();
  await expect(page).toHaveURL(/\/legals$/);
  await page.goBack();
  await expect(page.locator("#contact-message")).toHaveValue(another);
  await page.reload();
  await hydrated(page);
  await expect(page.locator("#contact-message")).toHaveValue(another);
  await context.close();
});

test("a duplicated tab carries the draft's key: the message written in each tab arrives, each once", async ({
  browser,
}) => {
  const { context, page } = await filledForm(browser);
  const key = await page.locator('input[name="submission"]').inputValue();
  // The browser's "Duplicate tab" copies the tab's session storage, the draft and its key with it.
  const draft = await page.evaluate(() => JSON.stringify(Object.entries(sessionStorage)));
  const copy = await context.newPage();
  await copy.addInitScript((entries) => {
    for (const [name, value] of JSON.parse(entries) as [string, string][])
      sessionStorage.setItem(name, value);
  }, draft);
  await copy.goto("/contact");
  await expect(copy.locator('input[name="submission"]')).toHaveValue(key);
  await copy.locator("#contact-message").fill(`${MESSAGE.message} Et un second projet, en juin.`);
  await copy.waitForTimeout(FILL_MS + 200);
  for (const tab of [page, copy]) {
    await tab.getByRole("button", { name: t("fr", "submit") }).click();
    await expect(tab.getByRole("heading", { name: t("fr", "sent_title") })).toBeVisible();
  }
  expect(await settledCounts()).toEqual([1, 1]);
  const bodies = sink.received.map((received) => partBody(received.raw, "text/plain"));
  expect(bodies).toHaveLength(2);
  expect(bodies[0]).not.toContain("second projet");
  expect(bodies[1]).toContain("Et un second projet, en juin.");
  await context.close();
});

test("an answer lost on its way back: the retry carries the same key, and the message arrives once", async ({
  browser,
}) => {
  const { context, page } = await filledForm(browser);
  // The first post reaches the server, which accepts it; its answer never reaches the browser.
  let dropped = false;
  await page.route("**/contact", async (route) => {
    if (route.request().method() !== "POST" || dropped) return route.fallback();
    dropped = true;
    await route.fetch();
    await route.abort("connectionreset");
  });
  await page.getByRole("button", { name: t("fr", "submit") }).click();
  await expect(page.locator("form").getByRole("alert")).toHaveText(t("fr", "error_unreachable"));
  await page.getByRole("button", { name: t("fr", "submit") }).click();
  await expect(page.getByRole("heading", { name: t("fr", "sent_title") })).toBeVisible();
  expect(await settledCounts()).toEqual([1]);
  await context.close();
});

test("a slow mail server: the visitor is told the message is queued, and it is delivered once, later", async ({
  browser,
}) => {
  sink.mode = "slow";
  sink.slowReplyMs = 5_000;
  const { context, page } = await filledForm(browser);
  await page.getByRole("button", { name: t("fr", "submit") }).click();
  await expect(page.getByRole("heading", { name: t("fr", "queued_title") })).toBeVisible();
  expect(queued()).toHaveLength(1);
  await waitFor(async () => queued().length === 0, 15_000, "the late acceptance");
  expect([...sink.counts().values()]).toEqual([1]);
  await context.close();
});

test("nginx's post limit (429): the visitor is told, the text stays, and a later retry sends it once", async ({
  browser,
}) => {
  const { context, page } = await filledForm(browser, { origin: nginx.origin });
  // Spend this address's posts (20 a minute, bursts of 10) as a flood would.
  let limited = false;
  for (let index = 0; index < 30 && !limited; index++) {
    const response = await fetch(`${nginx.origin}/contact`, { method: "POST", body: "x=1" });
    limited = response.status === 429;
  }
  expect(limited).toBe(true);
  await page.getByRole("button", { name: t("fr", "submit") }).click();
  await expect(page.locator("form").getByRole("alert")).toHaveText(t("fr", "error_unreachable"));
  await expect(page.locator("#contact-message")).toHaveValue(MESSAGE.message);
  expect(sink.received).toHaveLength(0);
  // One post every 3 s comes back; the visitor tries again a little later.
  await page.waitForTimeout(4_000);
  await page.getByRole("button", { name: t("fr", "submit") }).click();
  await expect(page.getByRole("heading", { name: t("fr", "sent_title") })).toBeVisible();
  expect(await settledCounts()).toEqual([1]);
  await context.close();
});

test("an instance killed mid-send loses nothing: the message is on disk, and the flush delivers it once", async () => {
  const outbox = path.join(ROOT, "test-results", "outbox-killed");
  rmSync(outbox, { recursive: true, force: true });
  sink.mode = "hang";
  const doomed = await startSiteServer(siteEnv(sink.url, outbox));
  try {
    const posted = postContactForm(doomed.origin, "/contact", { ...MESSAGE, purpose: "project" }).catch(
      (error: unknown) => error,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    doomed.process.kill("SIGKILL");
    await posted;
  } finally {
    await doomed.stop();
  }
  expect(queued(outbox)).toHaveLength(1);
  sink.mode = "accept";
  const flush = await new Promise<{ code: number | null; output: string }>((resolve) => {
    execFile(
      process.execPath,
      [path.join(ROOT, "node_modules", "tsx", "dist", "cli.mjs"), "features/contact/outbox-flush.ts"],
      {
        cwd: ROOT,
        env: { ...process.env, ...siteEnv(sink.url, outbox) },
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, output: stdout + stderr }),
    );
  });
  expect(flush.code, flush.output).toBe(0);
  expect(flush.output).toContain("1 sent, 0 kept");
  expect([...sink.counts().values()]).toEqual([1]);
  expect(queued(outbox)).toEqual([]);
  rmSync(outbox, { recursive: true, force: true });
});

test("an instance stopped (SIGTERM) while a slow server still holds a message waits for its answer, then exits: one message", async () => {
  const outbox = path.join(ROOT, "test-results", "outbox-stopped");
  rmSync(outbox, { recursive: true, force: true });
  sink.mode = "slow";
  sink.slowReplyMs = 6_000;
  const stopping = await startSiteServer({ ...siteEnv(sink.url, outbox), SHUTDOWN_TIMEOUT_MS: "1500" });
  // Another visitor's request that never ends (a post whose body never comes), which the stop
  // cuts after SHUTDOWN_TIMEOUT_MS: the send under way is waited for all the same.
  const stalled = net.connect(Number(new URL(stopping.origin).port), "127.0.0.1");
  stalled.on("error", () => undefined);
  try {
    // The visitor is told "received" after twice CONTACT_SMTP_TIMEOUT_MS; the send goes on.
    const answer = await postContactForm(stopping.origin, "/contact", { ...MESSAGE, purpose: "project" });
    expect(answer.status).toBe(303);
    expect(answer.location).toMatch(/#contact-queued$/);
    stalled.write("POST /contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\nname=");
    const exited = new Promise<number | null>((resolve) => stopping.process.once("exit", resolve));
    stopping.process.kill("SIGTERM");
    // Exit 1: a request had to be cut. The message was not.
    await expect(exited).resolves.toBe(1);
    const output = stopping.output();
    expect(output).toContain("[server] requests still open after 1500 ms: closing their connections");
    expect(output).toContain("waiting for 1 contact message(s) still being sent");
    expect(output).toContain("[server] every contact message under way has been sent or queued");
  } finally {
    stalled.destroy();
    await stopping.stop();
  }
  expect([...sink.counts().values()]).toEqual([1]);
  expect(queued(outbox)).toEqual([]);
  rmSync(outbox, { recursive: true, force: true });
});

test("a dead instance behind nginx (502): the visitor is told, and the text stays", async ({ browser }) => {
  const { context, page } = await filledForm(browser, { origin: nginx.origin, lang: "en" });
  await site.stop();
  await page.getByRole("button", { name: t("en", "submit") }).click();
  await expect(page.locator("form").getByRole("alert")).toHaveText(t("en", "error_unreachable"));
  await expect(page.locator("#contact-message")).toHaveValue(MESSAGE.message);
  await expect(page.locator("#contact-name")).toHaveValue(MESSAGE.name);
  await context.close();
});
