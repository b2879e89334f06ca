import { mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { expect, test } from "./fixtures";
import { rawRequest } from "./helpers/raw-request";
import { startSiteServer, type SiteServer } from "./helpers/site-server";

/**
 * The contact outbox as an operator meets it, on production servers: an instance whose outbox
 * cannot be written does not start (one fatal line), and one whose outbox breaks while it runs
 * keeps answering its metrics at once, the fault in site_contact_outbox_readable and _writable.
 */

const TOKEN = "e2e-outbox-metrics-0123456789abcd";

let base: string;
test.beforeEach(() => {
  base = mkdtempSync(path.join(tmpdir(), "e2e-outbox-"));
});
test.afterEach(() => rmSync(base, { recursive: true, force: true }));

test("an outbox that cannot be written: npm start stops with one fatal line naming it", async () => {
  writeFileSync(path.join(base, "file"), "");
  const outbox = path.join(base, "file", "outbox");
  const failure = await startSiteServer({ CONTACT_OUTBOX_DIR: outbox, LOG_FORMAT: "json" }).then(
    (site) => site.stop().then(() => "started"),
    (error: Error) => error.message,
  );
  expect(failure).toContain("npm start exited early");
  const lines = failure
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { level: string; msg: string });
  const fatal = lines.filter((line) => line.level === "fatal");
  expect(fatal).toHaveLength(1);
  expect(fatal[0].msg).toContain(`Not starting: the contact outbox ${outbox} cannot be written (ENOTDIR`);
  expect(lines.some((line) => line.msg.includes("Ready on"))).toBe(false);
});

test.describe("an outbox that breaks while the instance runs", () => {
  let site: SiteServer;
  let outbox: string;

  test.beforeAll(async () => {
    outbox = mkdtempSync(path.join(tmpdir(), "e2e-outbox-running-"));
    site = await startSiteServer({ CONTACT_OUTBOX_DIR: outbox, METRICS_TOKEN: TOKEN, LOG_FORMAT: "json" });
  });
  test.afterAll(async () => {
    await site?.stop();
    rmSync(outbox, { recursive: true, force: true });
    rmSync(`${outbox}.moved`, { recursive: true, force: true });
  });

  const scrape = async () => {
    const started = Date.now();
    const answer = await rawRequest(site.origin, "/api/metrics", {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, "m").exec(answer.body)?.[1]);
    return {
      status: answer.status,
      ms: Date.now() - started,
      readable: value("site_contact_outbox_readable"),
      writable: value("site_contact_outbox_writable"),
    };
  };

  test("the metrics answer at once, with the fault, and the log says why once", async () => {
    expect(await scrape()).toMatchObject({ status: 200, readable: 1, writable: 1 });
    renameSync(outbox, `${outbox}.moved`);
    writeFileSync(outbox, "");
    for (let i = 0; i < 3; i++) {
      const broken = await scrape();
      expect(broken).toMatchObject({ status: 200, readable: 0, writable: 0 });
      expect(broken.ms).toBeLessThan(3000);
    }
    const said = site
      .output()
      .split("\n")
      .filter((line) => line.includes("[metrics] writing into the contact outbox failed"));
    expect(said).toHaveLength(1);
    rmSync(outbox);
    renameSync(`${outbox}.moved`, outbox);
    expect(await scrape()).toMatchObject({ status: 200, readable: 1, writable: 1 });
  });
});
