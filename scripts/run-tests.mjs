#!/usr/bin/env node
/**
 * npm test — every suite (Jest: unit, integration, components; Playwright:
 * browser), then one summary line "N passed, N failed" summed over all of them.
 * Extra arguments select suites: `npm test -- jest` or `npm test -- e2e`.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

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

if (runs("jest")) {
  const file = path.join(resultsDir, "jest.json");
  mkdirSync(resultsDir, { recursive: true });
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

if (runs("e2e")) {
  const file = path.join(resultsDir, "playwright.json");
  rmSync(file, { force: true });
  const status = run("npx", ["playwright", "test", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
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
