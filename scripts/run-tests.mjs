#!/usr/bin/env node
/**
 * npm test — every suite (Jest: unit, integration, components; Playwright:
 * browser), then one summary line "N passed, N failed" summed over all of them.
 * Extra arguments select suites: `npm test -- jest` or `npm test -- e2e`.
 *
 * The browser tests first get their Debian packages (scripts/install-test-deps.sh,
 * as CI does). The site they test is built anew while Jest runs (the two share
 * the machine's cores better than either alone), and Playwright serves that build.
 */
import { spawn, spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

import { tsImport } from "tsx/esm/api";

const root = path.resolve(import.meta.dirname, "..");
const resultsDir = path.join(root, "test-results");
const wanted = process.argv.slice(2);
const runs = (name) => wanted.length === 0 || wanted.includes(name);

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined;
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];
mkdirSync(resultsDir, { recursive: true });

const { siteEnv, sitePort } = await tsImport("../e2e/site-env.ts", import.meta.url);

/**
 * Starts building the site with the browser tests' environment, its output in a file; resolves
 * to the exit status. It runs on while Jest runs (spawnSync blocks only this process).
 */
function startBuild(logFile) {
  const log = openSync(logFile, "w");
  const child = spawn("npm", ["run", "build"], {
    cwd: root,
    stdio: ["ignore", log, log],
    env: { ...process.env, ...siteEnv(root, sitePort()) },
  });
  return new Promise((resolve) => {
    child.once("error", () => resolve(1));
    child.once("exit", (code) => resolve(code ?? 1));
  }).finally(() => closeSync(log));
}

let build;
const buildLog = path.join(resultsDir, "build.log");
if (runs("e2e")) {
  // Missing packages that cannot be installed here: the script has said which, in one line.
  const deps = spawnSync("bash", [path.join(root, "scripts", "install-test-deps.sh")], { stdio: "inherit" });
  if (deps.status !== 0) process.exit(1);
  build = startBuild(buildLog);
}

if (runs("jest")) {
  const file = path.join(resultsDir, "jest.json");
  rmSync(file, { force: true });
  const status = run("npx", ["jest", "--json", `--outputFile=${file}`]);
  const report = readJson(file);
  if (!report) problems.push(`jest exited with ${status} and wrote no report`);
  else {
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
    if (report.numRuntimeErrorTestSuites > 0)
      problems.push(`${report.numRuntimeErrorTestSuites} Jest suite(s) failed to run`);
  }
}

const built = build ? await build : 0;
if (built !== 0) {
  console.error(readFileSync(buildLog, "utf8").split("\n").slice(-40).join("\n"));
  problems.push(`the site's build failed with ${built} (whole output in ${path.relative(root, buildLog)})`);
} else if (runs("e2e")) {
  const file = path.join(resultsDir, "playwright.json");
  rmSync(file, { force: true });
  const status = run("npx", ["playwright", "test", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
    // The build made above, moments ago from this checkout: Playwright's webServer only starts it.
    E2E_REUSE_BUILD: "1",
  });
  const report = readJson(file);
  if (!report) problems.push(`playwright exited with ${status} and wrote no report`);
  else {
    totals.passed += report.stats.expected + report.stats.flaky;
    totals.failed += report.stats.unexpected;
    totals.skipped += report.stats.skipped;
    if (report.errors?.length)
      problems.push(`Playwright reported ${report.errors.length} error(s) outside tests`);
  }
}

for (const problem of problems) console.error(`ERROR: ${problem}`);
if (totals.skipped > 0)
  console.error(`ERROR: ${totals.skipped} test(s) skipped; skipped tests are not allowed`);
const failed = totals.failed + problems.length + (totals.skipped > 0 ? 1 : 0);
console.log(`${totals.passed} passed, ${totals.failed + problems.length} failed`);
process.exit(failed > 0 || totals.passed === 0 ? 1 : 0);
