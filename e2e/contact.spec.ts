import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

import type { Browser, Page } from "@playwright/test";

import { violations } from "../test-support/axe";
import { blockOutsideHosts, expect, test } from "./fixtures";
import { returningVisitor } from "./helpers/consent";
import { translation, type Lang } from "./helpers/content";
import { startSiteServer, type SiteServer } from "./helpers/site-server";

/**
 * The contact form in Chromium, with and without JavaScript. The suite's
 * server has no SMTP_URL, so every accepted message is written to the outbox
 * folder (CONTACT_OUTBOX_DIR, set in playwright.config.ts) and the visitor is
 * told it is received and queued; these tests read the folder like a mailbox.
 * Delivery over real SMTP: contact-delivery.spec.ts and Jest.
 */

const OUTBOX = path.resolve(__dirname, "../test-results/outbox");

const RECIPIENTS = {
  project: "newbusiness@vifargent.productions",
  press: "presse@vifargent.productions",
  jobs: "jobs@vifargent.productions",
  other: "hello@vifargent.productions",
};

interface Mail {
  headers: Record<string, string>;
  raw: string;
}

/** The outbox's messages: each .eml's header block, unfolded, by lower-case name. */
function outbox(): Mail[] {
  mkdirSync(OUTBOX, { recursive: true });
  return readdirSync(OUTBOX)
    .filter((file) => file.endsWith(".eml"))
    .map((file) => {
      const raw = readFileSync(path.join(OUTBOX, file), "utf8");
      const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, " ");
      const headers: Record<string, string> = {};
      for (const line of head.split(/\r?\n/)) {
        const colon = line.indexOf(":");
        if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      return { headers, raw };
    });
}

const t = (lang: Lang, key: string) => translation(lang, `contact.${key}`);
const contactPath = (lang: Lang) => (lang === "en" ? "/en/contact" : "/contact");

async function fill(
  page: Page,
  lang: Lang,
  values: {
    name?: string;
    email?: string;
    company?: string;
    purpose?: keyof typeof RECIPIENTS;
    message?: string;
    consent?: boolean;
  },
) {
  const form = page.locator("form", { has: page.getByRole("heading", { name: t(lang, "form_title") }) });
  if (values.name !== undefined) await form.getByLabel(t(lang, "name"), { exact: true }).fill(values.name);
  if (values.email !== undefined) await form.getByLabel(t(lang, "email"), { exact: true }).fill(values.email);
  if (values.company !== undefined)
    await form.getByLabel(new RegExp(`^${t(lang, "company")}`)).fill(values.company);
  if (values.purpose) await form.getByLabel(t(lang, "purpose"), { exact: true }).selectOption(values.purpose);
  if (values.message !== undefined)
    await form.getByLabel(t(lang, "message"), { exact: true }).fill(values.message);
  if (values.consent) await form.getByRole("checkbox").check();
  return form;
}

const GOOD = {
  name: "Élise Varenne",
  email: "elise@example.fr",
  company: "Orbe <Studio> & Co",
  message: "Bonjour,\nune série documentaire à vous proposer : <b>trois épisodes</b>, tournage au printemps.",
  consent: true,
};

test.beforeEach(async ({ context }) => {
  rmSync(OUTBOX, { recursive: true, force: true });
  await returningVisitor(context);
});

for (const [lang, purpose] of [
  ["fr", "press"],
  ["en", "jobs"],
] as const) {
  test(`a message sent in ${lang} reaches the address for its purpose, and the form can be used again`, async ({
    page,
  }) => {
    await page.goto(contactPath(lang));
    const form = await fill(page, lang, { ...GOOD, purpose });
    await page.waitForTimeout(1100);
    await form.getByRole("button", { name: t(lang, "submit") }).click();

    const thanks = page.getByRole("heading", { name: t(lang, "queued_title") });
    await expect(thanks).toBeVisible();
    await expect(thanks).toBeFocused();
    await expect(page.getByRole("status").filter({ hasText: t(lang, "queued_message") })).toBeVisible();

    const mails = outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0].headers.to).toContain(RECIPIENTS[purpose]);
    expect(mails[0].headers["reply-to"]).toContain("elise@example.fr");
    expect(mails[0].headers["x-contact-purpose"]).toBe(purpose);
    expect(mails[0].headers).not.toHaveProperty("bcc");

    await page.getByRole("link", { name: t(lang, "send_another") }).click();
    await expect(page.getByLabel(t(lang, "name"), { exact: true })).toHaveValue("");
  });
}

test("each validation error is shown next to its field, marked invalid, linked, and focus goes to the first", async ({
  page,
}) => {
  await page.goto("/contact");
  const form = await fill(page, "fr", {});
  await form.getByRole("button", { name: t("fr", "submit") }).click();

  await expect(form.getByRole("alert")).toHaveText(t("fr", "error_summary"));
  const expected: Array<[string, string]> = [
    ["contact-name", "error_name_required"],
    ["contact-email", "error_email_invalid"],
    ["contact-message", "error_message_required"],
    ["contact-consent", "error_consent"],
  ];
  for (const [id, error] of expected) {
    const field = page.locator(`#${id}`);
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(
      new RegExp(t("fr", error).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
    );
  }
  await expect(page.locator("#contact-company")).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#contact-name")).toBeFocused();

  // Fixing a field and sending again moves focus to the next error; typed text stays.
  await fill(page, "fr", { name: "Élise", email: "elise@", message: "Court" });
  await form.getByRole("button", { name: t("fr", "submit") }).click();
  await expect(page.locator("#contact-email")).toBeFocused();
  await expect(page.locator("#contact-email")).toHaveAccessibleDescription(
    new RegExp(t("fr", "error_email_invalid").slice(0, 20)),
  );
  await expect(page.locator("#contact-message")).toHaveAccessibleDescription(
    new RegExp(t("fr", "error_message_too_short").slice(0, 20)),
  );
  await expect(page.locator("#contact-name")).toHaveValue("Élise");
  expect(outbox()).toHaveLength(0);
});

test("a message sent before the form's schema has arrived is checked once it does, in the browser", async ({
  page,
}) => {
  await page.goto("/contact", { waitUntil: "networkidle" });
  // The schema is fetched when the visitor starts on the form: hold every script fetched from now on.
  await page.route("**/_next/static/chunks/**", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.fallback();
  });
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await page.getByRole("button", { name: t("fr", "submit") }).press("Enter");

  await expect(page.locator("[data-form-alert]")).toHaveText(t("fr", "error_summary"));
  await expect(page.locator("#contact-name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#contact-name")).toBeFocused();
  expect(posts).toEqual([]);
});

test("axe finds nothing on the page with errors shown (phone and desktop)", async ({ page }) => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto("/en/contact");
    await (
      await fill(page, "en", { email: "nope" })
    )
      .getByRole("button", { name: t("en", "submit") })
      .click();
    await expect(page.locator("#contact-email")).toHaveAttribute("aria-invalid", "true");
    const found = await violations(page);
    expect(found, `axe at ${viewport.width} px:\n${found.join("\n")}`).toEqual([]);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server answers errors with the same page, the visitor's text kept and the first error focused", async ({
    page,
  }) => {
    await page.goto("/contact");
    const form = await fill(page, "fr", {
      name: "Élise",
      email: "elise@",
      message: "Un message assez long pour passer.",
    });
    await form.getByRole("button", { name: t("fr", "submit") }).click();
    await expect(page.locator("#contact-email")).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#contact-email-error")).toHaveText(t("fr", "error_email_invalid"));
    await expect(page.locator("#contact-consent")).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#contact-email")).toBeFocused();
    await expect(page.locator("#contact-name")).toHaveValue("Élise");
    await expect(page.locator("#contact-email")).toHaveValue("elise@");
    await expect(page.locator("#contact-message")).toHaveValue("Un message assez long pour passer.");
    expect(outbox()).toHaveLength(0);
  });

  test("a plain POST delivers and answers with the confirmation", async ({ page }) => {
    await page.goto("/en/contact");
    const form = await fill(page, "en", { ...GOOD, purpose: "project" });
    await form.getByRole("button", { name: t("en", "submit") }).click();
    await expect(page.getByRole("heading", { name: t("en", "queued_title") })).toBeVisible();
    const mails = outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0].headers.to).toContain(RECIPIENTS.project);
    // Without JavaScript, "write another message" is a link back to the page.
    await expect(page.getByRole("link", { name: t("en", "send_another") })).toHaveAttribute(
      "href",
      "/en/contact",
    );
  });
});

test("a filled honeypot is refused with a clear message, nothing is sent and the text is kept", async ({
  page,
}) => {
  await page.goto("/contact");
  const form = await fill(page, "fr", { ...GOOD, purpose: "other" });
  await page
    .locator("#contact-website")
    .evaluate((input: HTMLInputElement) => (input.value = "https://spam.example"));
  await page.waitForTimeout(1100);
  await form.getByRole("button", { name: t("fr", "submit") }).click();
  await expect(form.getByRole("alert")).toHaveText(t("fr", "error_rejected"));
  await expect(page.locator("#contact-message")).toHaveValue(GOOD.message);
  expect(outbox()).toHaveLength(0);
});

test.describe("limits (a second server: the default 3 s fill time, 2 messages per 10 minutes)", () => {
  let site: SiteServer;
  const outboxDir = path.resolve(__dirname, "../test-results/outbox-limits");

  test.beforeAll(async () => {
    rmSync(outboxDir, { recursive: true, force: true });
    site = await startSiteServer({
      CONTACT_RATE_LIMIT: "2/600",
      CONTACT_OUTBOX_DIR: outboxDir,
      CONTACT_MIN_FILL_MS: "",
    });
  });
  test.afterAll(async () => site?.stop());

  /** A returning visitor of the second server, kept off outside hosts like every test page. */
  async function visitor(browser: Browser) {
    const context = await browser.newContext({ baseURL: site.origin });
    await blockOutsideHosts(context);
    await returningVisitor(context, `${site.origin}/`);
    return { context, page: await context.newPage() };
  }

  test("a form sent faster than a person could is refused, and goes through when sent again", async ({
    browser,
  }) => {
    const { context, page } = await visitor(browser);
    await page.goto("/contact");
    const form = await fill(page, "fr", { ...GOOD, purpose: "press" });
    await form.getByRole("button", { name: t("fr", "submit") }).click();
    await expect(form.getByRole("alert")).toHaveText(t("fr", "error_too_fast"));
    await expect(page.locator("#contact-name")).toHaveValue(GOOD.name);
    await page.waitForTimeout(3500);
    await form.getByRole("button", { name: t("fr", "submit") }).click();
    await expect(page.getByRole("heading", { name: t("fr", "queued_title") })).toBeVisible();
    await context.close();
  });

  test("past the rate limit the visitor is told to wait, and nothing typed is lost", async ({ browser }) => {
    const { context, page } = await visitor(browser);
    // The previous test sent one message from this address; one more is allowed, then the limit.
    await page.goto("/en/contact");
    let form = await fill(page, "en", { ...GOOD, purpose: "other" });
    await page.waitForTimeout(3500);
    await form.getByRole("button", { name: t("en", "submit") }).click();
    await expect(page.getByRole("heading", { name: t("en", "queued_title") })).toBeVisible();
    await page.getByRole("link", { name: t("en", "send_another") }).click();
    form = await fill(page, "en", { ...GOOD, purpose: "other", message: "A third message, one too many." });
    await page.waitForTimeout(3500);
    await form.getByRole("button", { name: t("en", "submit") }).click();
    await expect(form.getByRole("alert")).toHaveText(t("en", "error_rate_limit"));
    await expect(page.locator("#contact-message")).toHaveValue("A third message, one too many.");
    await context.close();
  });
});
