import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import axe from "axe-core";

import { parseAuditResults, type AuditCheck, type AuditResults } from "../features/accessibility";
import { LANGS, localePath } from "../lib/i18n/locales";
import { NOT_FOUND_PATH, PAGE_TYPE_NAMES, pagePublicPath, WORK_PATH_PREFIX } from "../lib/site/page-types";
import { expect, test } from "./fixtures";

/**
 * `npm run a11y:audit` on the build under test, as a person runs it (it serves the build itself),
 * into a file of its own: what it writes is what the accessibility statement can read, it covers
 * every page the site has, with every rule of the installed axe-core, and the statement itself has
 * nothing to confess. The results committed beside the statement must cover the same pages, so a
 * page added to the site cannot go unaudited without this failing.
 */

const ROOT = path.resolve(__dirname, "..");
const COMMITTED = path.join(ROOT, "features", "accessibility", "audit-results.json");
const WIDTHS = [390, 1440];
const STATES: Array<AuditCheck["state"]> = ["notice", "panel"];
/** The accessibility statement's addresses: French, then English. */
const STATEMENT_PATHS = ["/accessibilite", "/en/accessibility"];

interface Run {
  code: number | null;
  output: string;
}

/** The command, its output (stdout and stderr) and exit code; stopped (SIGTERM: it stops its server) past the timeout. */
function audit(args: string[], env: Record<string, string> = {}, timeoutMs = 60_000): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", "a11y:audit", "--", ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
      timeout: timeoutMs,
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.once("exit", (code) => resolve({ code, output }));
  });
}

/** A check's page, width and state: what "covers the same pages" compares. */
const key = (check: AuditCheck) =>
  `${check.pageType} ${check.lang} ${check.path} ${check.width} ${check.state}`;

function read(file: string): AuditResults | null {
  return parseAuditResults(JSON.parse(readFileSync(file, "utf8")));
}

test.describe("npm run a11y:audit", () => {
  let dir: string;
  let run: Run;
  let results: AuditResults;

  test.beforeAll(async () => {
    // 18 pages × 2 widths × 2 states with every rule: under 2 minutes here (2 cores).
    test.setTimeout(15 * 60_000);
    dir = mkdtempSync(path.join(tmpdir(), "a11y-audit-"));
    const out = path.join(dir, "results.json");
    run = await audit(["--out", out], {}, 14 * 60_000);
    expect(run.code, run.output).toBe(0);
    const parsed = read(out);
    expect(parsed, "the results file satisfies auditResultsSchema").not.toBeNull();
    results = parsed!;
  });

  test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("runs every rule of the installed axe-core and prints a summary", () => {
    expect(results.tool.version).toBe(axe.version);
    expect([...results.rules].sort()).toEqual(
      axe
        .getRules()
        .map((rule) => rule.ruleId)
        .sort(),
    );
    expect(results.browser).toMatch(/^Chromium \d+\./);
    expect(run.output).toMatch(/\d+ checks of \d+ rules/);
  });

  test("audits every page type in every language, a work and the 404 page, at both widths, with the notice then the panel", () => {
    const expected = LANGS.flatMap((lang) =>
      [
        ...PAGE_TYPE_NAMES.map((type) => ({ type, path: pagePublicPath(type, lang) })),
        { type: "not_found", path: localePath(lang, NOT_FOUND_PATH) },
      ].flatMap(({ type, path: pagePath }) =>
        WIDTHS.flatMap((width) => STATES.map((state) => `${type} ${lang} ${pagePath} ${width} ${state}`)),
      ),
    );
    const works = results.checks.filter((check) => check.pageType === "work");
    expect(
      results.checks
        .filter((check) => check.pageType !== "work")
        .map(key)
        .sort(),
    ).toEqual(expected.sort());
    // One work in each language, each at both widths and in both states.
    for (const lang of LANGS) {
      const ofLang = works.filter((check) => check.lang === lang);
      expect(new Set(ofLang.map((check) => check.path)).size, `one ${lang} work`).toBe(1);
      expect(ofLang[0].path.startsWith(localePath(lang, WORK_PATH_PREFIX))).toBe(true);
      expect(ofLang.map((check) => `${check.width} ${check.state}`).sort()).toEqual(
        WIDTHS.flatMap((width) => STATES.map((state) => `${width} ${state}`)).sort(),
      );
    }
  });

  test("finds no violation on the accessibility statement", () => {
    const statement = results.checks.filter((check) => STATEMENT_PATHS.includes(check.path));
    expect(statement.map((check) => check.pageType)).toEqual(
      Array(STATEMENT_PATHS.length * WIDTHS.length * STATES.length).fill("accessibility_page"),
    );
    const found = statement.flatMap((check) =>
      check.violations.map((violation) => `${check.path} ${check.width} ${check.state}: ${violation.rule}`),
    );
    expect(found).toEqual([]);
  });

  test("the committed results cover the same pages as the site has now", () => {
    const committed = read(COMMITTED);
    expect(committed, `${path.relative(ROOT, COMMITTED)} satisfies auditResultsSchema`).not.toBeNull();
    expect(
      committed!.checks.map(key).sort(),
      "run `npm run a11y:audit` on a fresh build and commit features/accessibility/audit-results.json",
    ).toEqual(results.checks.map(key).sort());
  });
});

test("stops at once with a clear error when there is no site to audit", async () => {
  const noBuild = await audit([], { NEXT_DIST_DIR: "test-results/a11y-audit-no-build" });
  expect(noBuild.code, noBuild.output).toBe(1);
  expect(noBuild.output).toContain("run `npm run build` first");
  const unreachable = await audit(["--url", "http://127.0.0.1:1"]);
  expect(unreachable.code, unreachable.output).toBe(1);
  expect(unreachable.output).toContain("Cannot reach http://127.0.0.1:1");
});
