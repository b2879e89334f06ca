import { connect } from "node:net";

import { blockOutsideHosts, expect, test } from "./fixtures";
import { returningVisitor } from "./helpers/consent";
import { translation, type Lang } from "./helpers/content";
import { postContactForm } from "./helpers/contact-post";
import { rawRequest } from "./helpers/raw-request";
import { startSiteServer, type SiteServer } from "./helpers/site-server";

/**
 * A page POST over the site's body limit (64 kB, lib/net/body-limits.mjs) on a production server:
 * npm start's front answers it with a short 413 page in the page's language, before Next, so the
 * log holds no stack trace and the metrics count a 4xx; a visitor without JavaScript who goes back
 * finds the text still typed; a message merely too long for the form still gets the form's own
 * error. A server of its own, for its log and its metrics.
 */

const TOKEN = "e2e-body-limit-metrics-0123456789";
const LIMIT = 64 * 1024;

let site: SiteServer;

test.beforeAll(async () => {
  site = await startSiteServer({ ACCESS_LOG: "on", METRICS_TOKEN: TOKEN, CONTACT_MIN_FILL_MS: "0" });
});
test.afterAll(async () => site?.stop());

const t = (lang: Lang, key: string) => translation(lang, `contact.${key}`);
const FIELDS = { name: "Élise Varenne", email: "elise@example.fr", purpose: "press" };

for (const [lang, path, title] of [
  ["fr", "/contact", "Message trop long"],
  ["en", "/en/contact", "Message too long"],
] as const) {
  test(`a post over the limit on ${path} is a 413 page in ${lang}, with nothing in the log but its access line`, async () => {
    const before = site.output().length;
    const answer = await postContactForm(site.origin, path, { ...FIELDS, message: "a".repeat(LIMIT) });
    expect(answer.status).toBe(413);
    expect(answer.html).toContain(`<html lang="${lang}">`);
    expect(answer.html).toContain(`<title>${title}</title>`);
    await expect.poll(() => site.output().slice(before)).toContain('"status":413');
    const logged = site.output().slice(before);
    expect(logged).not.toMatch(/Body exceeded|\n\s+at |"level":"error"/);
  });
}

test("a message too long for the form, within the limit, gets the form's own error", async () => {
  const answer = await postContactForm(site.origin, "/contact", { ...FIELDS, message: "a".repeat(6000) });
  expect(answer.status).toBe(200);
  expect(answer.html).toContain(t("fr", "error_message_too_long"));
});

test("a chunked post is a 411 page", async () => {
  const { hostname, port } = new URL(site.origin);
  const head = await new Promise<string>((resolve, reject) => {
    const socket = connect(Number(port), hostname, () =>
      socket.write(
        `POST /en/contact HTTP/1.1\r\nHost: ${hostname}:${port}\r\nTransfer-Encoding: chunked\r\n` +
          "Content-Type: application/x-www-form-urlencoded\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
      ),
    );
    let received = "";
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("utf8");
      if (received.includes("</html>")) {
        socket.destroy();
        resolve(received);
      }
    });
    socket.once("error", reject);
  });
  expect(head).toMatch(/^HTTP\/1\.1 411 /);
  expect(head).toContain("<title>Form not accepted</title>");
});

test("each refusal counts as a 4xx of the contact page in the metrics", async () => {
  const metrics = await rawRequest(site.origin, "/api/metrics", {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  const counted = /^site_http_requests_total\{page_type="contact_page",status="413"\} (\d+)$/m.exec(
    metrics.body,
  );
  expect(Number(counted?.[1])).toBeGreaterThanOrEqual(2);
  expect(metrics.body).not.toMatch(/site_http_requests_total\{page_type="contact_page",status="500"\}/);
});

test("without JavaScript the visitor sees the page in their language, and going back finds the text still typed", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: site.origin, javaScriptEnabled: false });
  await blockOutsideHosts(context);
  await returningVisitor(context, `${site.origin}/`);
  const page = await context.newPage();
  await page.goto("/en/contact");
  const message = "Too long. ".repeat(7000);
  await page.getByLabel(t("en", "name"), { exact: true }).fill(FIELDS.name);
  await page.getByLabel(t("en", "email"), { exact: true }).fill(FIELDS.email);
  await page.getByLabel(t("en", "message"), { exact: true }).fill(message);
  await page.getByRole("button", { name: t("en", "submit") }).click();
  await expect(page.getByRole("heading", { name: "Message too long" })).toBeVisible();
  await expect(page.getByText("Shorten your message, then send it again.")).toBeVisible();
  await page.goBack();
  await expect(page.getByLabel(t("en", "message"), { exact: true })).toHaveValue(message);
  await context.close();
});
