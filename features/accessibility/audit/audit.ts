/**
 * npm run a11y:audit [-- [--url <origin>] [--out <file>]] — audits the site's accessibility with
 * axe-core, every rule it has, in Debian's Chromium (or CHROMIUM_PATH): every page type in every
 * language, a work and the 404 page (./audit-pages.ts), at a phone's and a desktop's width, each
 * as a first visit with the consent notice open, then with the notice's "customise" panel open.
 * Writes features/accessibility/audit-results.json (or `--out <file>`), which the accessibility
 * statement reads, in the shape of ../audit-results.ts.
 *
 * Without `--url` it serves the build in .next (`npm start` on a free loopback port) and stops it
 * when done; `--url` audits a site already running there instead. Violations are recorded and
 * printed, never a failure: exit 0 once every page was audited, 1 when one could not be (nothing
 * is written then), 2 on a wrong argument.
 */
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";

import { chromium, type Browser, type Page } from "@playwright/test";

import { auditResultsSchema, type AuditCheck, type AuditResults } from "../audit-results";
import { summariseAudit } from "../audit-summary";
import { auditedWork, auditPages, SCREENS, type AuditPage } from "./audit-pages";
import { getEnvOrExit } from "@/lib/env/env";
import { ALL_AXE_RULES, AXE_VERSION, axeResults, describeViolation } from "@/test-support/axe";
import { freePort } from "@/test-support/free-port";
import { nextStart, type RunningServer } from "@/test-support/next-start";
import { hydrated, settle } from "@/test-support/settle";

const ROOT = path.resolve(__dirname, "../../..");
const DEFAULT_OUT = path.join(ROOT, "features", "accessibility", "audit-results.json");
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const USAGE = "Usage: npm run a11y:audit [-- [--url <origin of a running site>] [--out <file>]]";

type Screen = (typeof SCREENS)[number];

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

function readOptions(): { url?: string; out: string } {
  let values: { url?: string; out?: string };
  try {
    ({ values } = parseArgs({ options: { url: { type: "string" }, out: { type: "string" } } }));
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`, 2);
  }
  let url: string | undefined;
  if (values.url !== undefined) {
    const parsed = URL.canParse(values.url) ? new URL(values.url) : undefined;
    if (!parsed || !["http:", "https:"].includes(parsed.protocol))
      fail(`--url ${values.url} is not an http or https origin\n${USAGE}`, 2);
    url = parsed.origin;
  }
  return { url, out: path.resolve(values.out ?? DEFAULT_OUT) };
}

/** "4 min 5 s", "48 s". */
function duration(seconds: number): string {
  const whole = Math.round(seconds);
  return whole < 60 ? `${whole} s` : `${Math.floor(whole / 60)} min ${whole % 60} s`;
}

/** The audit in a few lines, counted as the statement counts it: what was tested, then each rule broken. */
function summary(results: AuditResults, seconds: number): string {
  const audit = summariseAudit(results);
  const head =
    `${audit.pages} pages (${audit.pageTypes} kinds, ${audit.langs.join(" and ")}) at ${audit.widths.join(" and ")} px ` +
    `with the ${audit.states.join(" and then the ")} open: ${results.checks.length} checks of ${audit.rules} rules ` +
    `(${audit.tool}, ${audit.browser}) in ${duration(seconds)}.`;
  if (audit.violations.length === 0) return `${head}\nNo violations.`;
  const rules = audit.violations.map(
    (rule) =>
      `  ${rule.rule}: ${rule.help} (WCAG ${rule.wcag.join(", ") || "none"}): ${rule.pages} of ${audit.pages} pages`,
  );
  return [head, "Violations (recorded, not a failure), by rule:", ...rules].join("\n");
}

/** `what` done, or an error that says what did not happen. */
async function step<T>(what: string, action: Promise<T>): Promise<T> {
  try {
    return await action;
  } catch (error) {
    throw new Error(`${what}: ${(error as Error).message.split("\n")[0]}`);
  }
}

interface Checked {
  check: AuditCheck;
  /** Each violation for a person, with its elements. */
  described: string[];
}

async function checkNow(
  tab: Page,
  page: AuditPage,
  screen: Screen,
  state: AuditCheck["state"],
): Promise<Checked> {
  // Every reveal run and the fonts in: a fade caught half-way would skew the contrast checks.
  await step("settling the page", settle(tab));
  const results = await step("running axe", axeResults(tab));
  return {
    check: {
      path: page.path,
      lang: page.lang,
      pageType: page.pageType,
      width: screen.width,
      state,
      violations: results.violations.map((violation) => ({
        rule: violation.id,
        impact: violation.impact ?? null,
        help: violation.help,
        tags: violation.tags,
        nodes: violation.nodes.length,
      })),
    },
    described: results.violations.map(describeViolation),
  };
}

/** One page at one width, as a first visit (a new context: no consent cookie): the notice, then the panel. */
async function auditPage(
  browser: Browser,
  origin: string,
  page: AuditPage,
  screen: Screen,
): Promise<Checked[]> {
  const context = await browser.newContext({ baseURL: origin, viewport: screen });
  context.setDefaultTimeout(30_000);
  // tsx names the functions it compiles (settle's among them) with a helper the page does not have.
  await context.addInitScript("globalThis.__name = (fn) => fn");
  try {
    const tab = await context.newPage();
    const response = await step("loading it", tab.goto(page.path));
    if (response?.status() !== page.status)
      throw new Error(`it answered ${response?.status() ?? "nothing"}, not ${page.status}`);
    // The notice's buttons work once the page is hydrated and the consent manager has read the cookie.
    await step("waiting for hydration (data-consent never became ready)", hydrated(tab));
    const notice = tab.locator("[data-consent-notice]");
    await step("waiting for the consent notice", notice.waitFor());
    const checked = [await checkNow(tab, page, screen, "notice")];
    // Its buttons are accept, refuse and customise, in that order (e2e/consent.spec.ts holds it).
    await step(
      "opening the consent panel (the notice's last button)",
      notice.getByRole("button").last().click(),
    );
    await step("waiting for the consent panel", tab.getByRole("dialog").waitFor());
    checked.push(await checkNow(tab, page, screen, "panel"));
    return checked;
  } finally {
    await context.close();
  }
}

/** The site to audit: the origin given, once it answers, or the build served on a free port. */
async function siteToAudit(url: string | undefined): Promise<{ origin: string; server?: RunningServer }> {
  if (url) {
    await fetch(url, { signal: AbortSignal.timeout(10_000) }).catch((error: Error) =>
      fail(`Cannot reach ${url}: ${error.cause instanceof Error ? error.cause.message : error.message}`),
    );
    return { origin: url };
  }
  const buildId = path.join(ROOT, getEnvOrExit().NEXT_DIST_DIR, "BUILD_ID");
  if (!existsSync(buildId))
    fail(
      `No build to serve (${path.relative(ROOT, buildId)} is missing): run \`npm run build\` first, or pass --url.`,
    );
  console.log("Starting the built site (npm start)…");
  const server = await nextStart(ROOT, await freePort(), { ACCESS_LOG: "off" }, { npmStart: true });
  return { origin: server.origin, server };
}

async function main() {
  const options = readOptions();
  const pages = auditPages(auditedWork(path.resolve(ROOT, getEnvOrExit().CONTENT_DIR)));
  const started = performance.now();
  const { origin, server } = await siteToAudit(options.url);
  let browser: Browser | undefined;
  // Stopped on Ctrl-C or SIGTERM too: the server started here must not outlive the audit.
  const stopAll = () => Promise.all([browser?.close(), server?.stop()]);
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const)
    process.once(signal, () => void stopAll().finally(() => process.exit(code)));
  const checks: AuditCheck[] = [];
  const failures: string[] = [];
  try {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--no-sandbox"],
      handleSIGINT: false,
      handleSIGTERM: false,
    });
    console.log(
      `Auditing ${origin}: ${pages.length} pages at ${SCREENS.map((s) => s.width).join(" and ")} px`,
    );
    for (const page of pages) {
      for (const screen of SCREENS) {
        const where = `${page.path} at ${screen.width} px`;
        try {
          for (const { check, described } of await auditPage(browser, origin, page, screen)) {
            checks.push(check);
            const found = described.length === 0 ? "no violations" : `${described.length} rules broken`;
            console.log(`  ${where}, ${check.state}: ${found}`);
            for (const line of described) console.log(`    ${line.replace(/\n/g, "\n    ")}`);
          }
        } catch (error) {
          failures.push(`${where}: ${(error as Error).message}`);
          console.error(`  ${where}: cannot be audited: ${(error as Error).message}`);
        }
      }
    }
    const results: AuditResults = {
      date: new Date().toISOString(),
      tool: { name: "axe-core", version: AXE_VERSION },
      browser: `Chromium ${browser.version()}`,
      rules: ALL_AXE_RULES,
      checks,
    };
    if (failures.length > 0) {
      console.error(
        `\n${failures.length} of ${pages.length * SCREENS.length} page loads could not be audited:`,
      );
      for (const failure of failures) console.error(`  ${failure}`);
      console.error(`Nothing written (${duration((performance.now() - started) / 1000)}).`);
      // Not process.exit: the server and the browser are stopped below first.
      process.exitCode = 1;
      return;
    }
    // What the statement reads is exactly what the schema allows.
    writeFileSync(options.out, `${JSON.stringify(auditResultsSchema.parse(results), null, 2)}\n`);
    console.log(`\n${summary(results, (performance.now() - started) / 1000)}`);
    console.log(`Written to ${path.relative(process.cwd(), options.out) || options.out}`);
  } finally {
    await stopAll();
  }
}

main().catch((error: Error) => fail(`a11y:audit failed: ${error.message}`));
