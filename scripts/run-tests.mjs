#!/usr/bin/env node
/**
 * npm test — every suite (Jest: unit, integration, components; Playwright:
 * browser), then again on the current Node LTS (`node24`: Jest, a production build and the routes
 * and several-instances specs on Node 24 from the npm registry), then one summary line
 * "N passed, N failed" summed over all of them.
 * Extra arguments select suites: `npm test -- jest`, `npm test -- e2e` or `npm test -- node24`.
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
function startBuild(logFile, env = {}) {
  const log = openSync(logFile, "w");
  const child = spawn("npm", ["run", "build"], {
    cwd: root,
    stdio: ["ignore", log, log],
    env: { ...process.env, ...env, ...siteEnv(root, sitePort()) },
  });
  return new Promise((resolve) => {
    child.once("error", () => resolve(1));
    child.once("exit", (code) => resolve(code ?? 1));
  }).finally(() => closeSync(log));
}

let build;
const buildLog = path.join(resultsDir, "build.log");
if (runs("e2e") || runs("node24")) {
  // Missing packages that cannot be installed here: the script has said which, in one line.
  const deps = spawnSync("bash", [path.join(root, "scripts", "install-test-deps.sh")], { stdio: "inherit" });
  if (deps.status !== 0) process.exit(1);
}
if (runs("e2e")) build = startBuild(buildLog);

/**
 * Each failed or skipped test by name, with the first line of its error: printed again at the
 * very end, beside the totals, so a log read from its tail still says what failed and why.
 * @type {string[]}
 */
const outcomes = [];

/** @param {string | undefined} message */
function firstLine(message) {
  const plain = (message ?? "").replace(/\u001b\[[0-9;]*m/g, "");
  return (
    plain
      .split("\n")
      .find((line) => line.trim() !== "")
      ?.trim()
      .slice(0, 300) ?? ""
  );
}

/** The failed and skipped tests of a Jest report. */
function jestOutcomes(label, report) {
  for (const suite of report.testResults ?? [])
    for (const test of suite.assertionResults ?? []) {
      if (test.status === "failed")
        outcomes.push(
          `FAILED ${label} ${path.relative(root, suite.name)} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`,
        );
      else if (test.status === "pending" || test.status === "todo")
        outcomes.push(`SKIPPED ${label} ${path.relative(root, suite.name)} › ${test.fullName}`);
    }
}

/** The failed and skipped tests of a Playwright JSON report (suites nest). */
function playwrightOutcomes(label, suites, titles = []) {
  for (const suite of suites ?? []) {
    const within = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) {
        const name = [...within, spec.title].join(" › ");
        if (test.status === "unexpected") {
          const last = test.results?.at(-1);
          outcomes.push(`FAILED ${label} ${name}: ${last?.status ?? ""} ${firstLine(last?.error?.message)}`);
        } else if (test.status === "skipped") outcomes.push(`SKIPPED ${label} ${name}`);
      }
    playwrightOutcomes(label, suite.suites, within);
  }
}

/** Jest with `node`, its report added to the totals. */
function runJest(node, label, env = {}) {
  const file = path.join(resultsDir, `${label}.json`);
  rmSync(file, { force: true });
  const status = run(
    node,
    [path.join(root, "node_modules", "jest", "bin", "jest.js"), "--json", `--outputFile=${file}`],
    env,
  );
  const report = readJson(file);
  if (!report) problems.push(`${label} exited with ${status} and wrote no report`);
  else {
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
    jestOutcomes(label, report);
    if (report.numRuntimeErrorTestSuites > 0)
      problems.push(`${report.numRuntimeErrorTestSuites} ${label} suite(s) failed to run`);
  }
}

/**
 * Playwright with `node` on the build in .next (`args`: specs and options; every project when
 * empty), its report added to the totals.
 */
function runPlaywright(node, label, args, env = {}) {
  const file = path.join(resultsDir, `${label}.json`);
  rmSync(file, { force: true });
  const cli = path.join(root, "node_modules", "@playwright", "test", "cli.js");
  const status = run(node, [cli, "test", ...args, "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
    // The build made just before, from this checkout: Playwright's webServer only starts it.
    E2E_REUSE_BUILD: "1",
    ...env,
  });
  const report = readJson(file);
  if (!report) problems.push(`${label} exited with ${status} and wrote no report`);
  else {
    totals.passed += report.stats.expected + report.stats.flaky;
    totals.failed += report.stats.unexpected;
    totals.skipped += report.stats.skipped;
    playwrightOutcomes(label, report.suites);
    if (report.errors?.length)
      problems.push(`${label} reported ${report.errors.length} error(s) outside tests`);
  }
}

if (runs("jest")) runJest(process.execPath, "jest");

const built = build ? await build : 0;
if (built !== 0) {
  console.error(readFileSync(buildLog, "utf8").split("\n").slice(-40).join("\n"));
  problems.push(`the site's build failed with ${built} (whole output in ${path.relative(root, buildLog)})`);
} else if (runs("e2e")) {
  runPlaywright(process.execPath, "playwright", []);
}

/**
 * The current Node LTS, from the npm registry (the `node` package ships its binary; nothing else
 * is downloaded), in .cache/node24: the same Jest suite, a production build made by it, and the
 * specs that serve every route in both languages and run several instances behind nginx.
 */
if (runs("node24")) {
  const prefix = path.join(root, ".cache", "node24");
  mkdirSync(prefix, { recursive: true });
  const install = run("npm", [
    "install",
    "--prefix",
    prefix,
    "--no-save",
    "--no-audit",
    "--no-fund",
    "--loglevel=error",
    "node@24",
  ]);
  const node = path.join(prefix, "node_modules", "node", "bin", "node");
  const version = spawnSync(node, ["--version"], { encoding: "utf8" }).stdout?.trim();
  if (install !== 0 || !/^v24\./.test(version ?? ""))
    problems.push(`Node 24 could not be installed from the npm registry (${install}, ${version})`);
  else {
    console.log(`Node ${version}: Jest, the build, the routes and several instances`);
    // npm, npx and next started by the suites find this Node first.
    const env = { PATH: `${path.dirname(node)}:${process.env.PATH}` };
    // The build beside Jest, as above.
    const node24Log = path.join(resultsDir, "build-node24.log");
    const node24Build = startBuild(node24Log, env);
    runJest(node, "jest-node24", env);
    const node24Built = await node24Build;
    if (node24Built !== 0) {
      console.error(readFileSync(node24Log, "utf8").split("\n").slice(-40).join("\n"));
      problems.push(`the site's build on Node ${version} failed with ${node24Built}`);
    } else runPlaywright(node, "playwright-node24", ["e2e/routes.spec.ts", "e2e/scale-out.spec.ts"], env);
  }
}

for (const outcome of outcomes) console.error(outcome);
for (const problem of problems) console.error(`ERROR: ${problem}`);
if (totals.skipped > 0)
  console.error(`ERROR: ${totals.skipped} test(s) skipped; skipped tests are not allowed`);
const failed = totals.failed + problems.length + (totals.skipped > 0 ? 1 : 0);
console.log(`${totals.passed} passed, ${totals.failed + problems.length} failed`);
process.exit(failed > 0 || totals.passed === 0 ? 1 : 0);
