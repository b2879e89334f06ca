import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import fc from "fast-check";
import { HtmlValidate } from "html-validate";

import { startRedis, type RedisServer } from "../test-support/redis";
import { expect, test } from "./fixtures";
import { postContactForm } from "./helpers/contact-post";
import { translation } from "./helpers/content";
import { startSiteServer, type SiteServer } from "./helpers/site-server";

/**
 * Limits that hold on several instances. Two production instances share Redis
 * behind a proxy that appends the client's address (TRUST_PROXY=1): messages from every address of
 * one IPv6 /64, in any spelling, through either instance, count as one client; when Redis goes
 * away the form still answers, each instance counting alone. The form's server HTML is valid
 * (its action is the page's own URL, so a post without JavaScript reaches it).
 */

const ORIGIN = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100)}`;
const LIMIT = 3;
const MESSAGE = {
  name: "Camille Durand",
  email: "camille@example.com",
  purpose: "press",
  message: "Bonjour, nous aimerions parler d'un projet de documentaire.",
};

test("the contact pages' server HTML is valid, and the form posts to the page itself", async () => {
  const validator = new HtmlValidate({ extends: ["html-validate:standard"] });
  for (const page of ["/contact", "/en/contact"]) {
    const html = await (await fetch(`${ORIGIN}${page}`)).text();
    const report = await validator.validateString(html);
    const problems = report.results.flatMap((result) =>
      result.messages.map((message) => `${message.ruleId}: ${message.message}`),
    );
    expect(problems, page).toEqual([]);
    expect(html).toMatch(new RegExp(`<form[^>]*action="${page}"`));
  }
});

test.describe("two instances sharing Redis", () => {
  let redis: RedisServer;
  let sites: SiteServer[];
  let outbox: string;

  test.beforeAll(async () => {
    redis = await startRedis();
    outbox = mkdtempSync(path.join(tmpdir(), "contact-limits-"));
    const env = {
      REDIS_URL: redis.url,
      TRUST_PROXY: "1",
      CONTACT_RATE_LIMIT: `${LIMIT}/600`,
      CONTACT_OUTBOX_DIR: outbox,
    };
    sites = await Promise.all([startSiteServer(env), startSiteServer(env)]);
  });

  test.afterAll(async () => {
    await Promise.all((sites ?? []).map((site) => site.stop()));
    await redis?.close();
    rmSync(outbox, { recursive: true, force: true });
  });

  const limited = translation("fr", "contact.error_rate_limit");

  /** An address of the /64 `prefix` (four groups), spelled one of the ways a proxy may write it. */
  const inNetwork = (prefix: string) =>
    fc
      .tuple(
        fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 4, maxLength: 4 }),
        fc.constantFrom("plain", "upper", "padded"),
      )
      .map(([host, style]) => {
        const groups = [...prefix.split(":"), ...host.map((group) => group.toString(16))];
        if (style === "padded") return groups.map((group) => group.padStart(4, "0")).join(":");
        const text = groups.join(":");
        return style === "upper" ? text.toUpperCase() : text;
      });

  async function post(site: SiteServer, address: string) {
    // As nginx sends it: whatever the client claimed, then the address nginx saw.
    const answer = await postContactForm(site.origin, "/contact", MESSAGE, {
      "x-forwarded-for": `203.0.113.9, ${address}`,
    });
    // Accepted: post, redirect, get (the suite's servers have no SMTP, so the message is queued).
    if (answer.status === 303 && answer.location === "/contact#contact-queued") return "sent";
    expect(answer.status).toBe(200);
    // As an element's text (the page's data also carries every label, as JSON strings).
    if (answer.html.includes(`>${limited}<`)) return "limited";
    throw new Error(`neither sent nor limited:\n${answer.html.slice(0, 500)}`);
  }

  test("every address of one /64, through either instance, is one client", async () => {
    const addresses = fc.sample(inNetwork("2001:db8:aa:bb"), { numRuns: LIMIT + 4, seed: 64 });
    const outcomes = [];
    for (const [index, address] of addresses.entries()) outcomes.push(await post(sites[index % 2], address));
    expect(outcomes).toEqual([...Array(LIMIT).fill("sent"), ...Array(4).fill("limited")]);
    // Another /64, and an IPv4 client, have their own counts.
    expect(await post(sites[0], "2001:db8:aa:bc::1")).toBe("sent");
    expect(await post(sites[1], "192.0.2.44")).toBe("sent");
  });

  test("without Redis the form still answers, each instance counting alone", async () => {
    await redis.stop();
    try {
      const outcomes = [];
      for (let index = 0; index < LIMIT + 1; index++)
        outcomes.push(await post(sites[0], `2001:db8:cc:dd::${index}`));
      expect(outcomes).toEqual([...Array(LIMIT).fill("sent"), "limited"]);
      expect(await post(sites[1], "2001:db8:cc:dd::99")).toBe("sent");
      const said = sites[0]
        .output()
        .split("\n")
        .filter((line) => line.includes("[contact] Redis unavailable"));
      expect(said).toHaveLength(1);
    } finally {
      await redis.start();
    }
  });
});
