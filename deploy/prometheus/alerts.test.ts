import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * The shipped alert rules, checked by Debian's promtool (the prometheus package, which the browser
 * suite's Prometheus comes from too): the file loads, and its unit tests (alerts.test.yml) say when
 * each outbox and contact alert fires and when it must not, with the annotations as rendered.
 */

const DIR = __dirname;

function promtool(...args: string[]) {
  const result = spawnSync("promtool", args, { cwd: DIR, encoding: "utf8" });
  if (result.error) throw new Error(`promtool: ${result.error.message} (Debian's prometheus package)`);
  return { status: result.status, printed: `${result.stdout}${result.stderr}` };
}

/** Each rule's name and annotations, read from the file as written (one rule per `- alert:`). */
function rules(): Array<{ alert: string; summary?: string; description?: string }> {
  const text = readFileSync(path.join(DIR, "alerts.yml"), "utf8");
  return text
    .split(/^\s+- alert: /m)
    .slice(1)
    .map((block) => ({
      alert: block.split("\n", 1)[0].trim(),
      summary: /^\s+summary: "(.+)"$/m.exec(block)?.[1],
      description: /^\s+description: "(.+)"$/m.exec(block)?.[1],
    }));
}

describe("deploy/prometheus/alerts.yml", () => {
  test("promtool loads every rule", () => {
    const { status, printed } = promtool("check", "rules", "alerts.yml");
    expect({ status, printed }).toMatchObject({ status: 0 });
    expect(printed).toContain(`SUCCESS: ${rules().length} rules found`);
  });

  test("its unit tests pass: each alert fires when it should, and not otherwise", () => {
    const { status, printed } = promtool("test", "rules", "alerts.test.yml");
    expect(printed).toContain("SUCCESS");
    expect(status).toBe(0);
  });

  test("the contact outbox alerts are there, each one tested", () => {
    const names = rules().map((rule) => rule.alert);
    for (const alert of [
      "SiteContactMessageLost",
      "SiteOutboxGrowing",
      "SiteOutboxNotWritable",
      "SiteOutboxNotEmpty",
    ]) {
      expect(names).toContain(alert);
      expect(readFileSync(path.join(DIR, "alerts.test.yml"), "utf8")).toContain(`alertname: ${alert}\n`);
    }
  });

  test("every alert tells the operator what happened and what to do", () => {
    for (const rule of rules()) {
      expect(rule.summary?.length ?? 0).toBeGreaterThan(20);
      // A description names where to look or what to run: a log, a command, a setting or a metric.
      expect(rule.description).toMatch(
        /journalctl|npm run|systemctl|log|SMTP_URL|CONTACT_OUTBOX_DIR|site_[a-z_]+/,
      );
    }
  });
});
