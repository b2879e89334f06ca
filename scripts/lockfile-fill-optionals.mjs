#!/usr/bin/env node
/**
 * npm run lockfile:fill — run after `npm install` changes package-lock.json.
 * This machine's registry lacks the other platforms' optional binaries (for
 * example @next/swc-darwin-arm64), so `npm install` leaves them out of the
 * lockfile and `npm ci` then refuses it. This adds the missing entries with
 * their os/cpu constraints, so `npm ci` skips them on Linux and installs them
 * elsewhere.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";

const LOCK = "package-lock.json";
const OSES = ["darwin", "win32", "android", "freebsd", "openharmony", "linux"];
const CPUS = ["arm64", "x64", "ia32", "loong64", "ppc64", "riscv64", "s390x", "arm"];

const dryRun = spawnSync("npm", ["ci", "--dry-run", "--ignore-scripts"], { encoding: "utf8" });
const missing = [...`${dryRun.stdout}${dryRun.stderr}`.matchAll(/Missing: (.+?)@ from lock file/g)].map(
  (m) => m[1],
);
if (missing.length === 0) {
  console.log("package-lock.json is complete: npm ci accepts it");
  process.exit(0);
}

const lock = JSON.parse(readFileSync(LOCK, "utf8"));
for (const name of missing) {
  const parent = Object.values(lock.packages).find((pkg) => pkg.optionalDependencies?.[name]);
  if (!parent) throw new Error(`no package in the lockfile declares ${name} as optional`);
  const base = name.split("/").pop();
  const os = OSES.find((candidate) => base.includes(candidate));
  const cpu = CPUS.find((candidate) => new RegExp(`-${candidate}(-|$)`).test(base));
  if (!os || !cpu) throw new Error(`cannot tell the platform of ${name}`);
  const entry = { version: parent.optionalDependencies[name], cpu: [cpu], optional: true, os: [os] };
  if (base.includes("musl")) entry.libc = ["musl"];
  else if (base.includes("gnu")) entry.libc = ["glibc"];
  lock.packages[`node_modules/${name}`] = entry;
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : 1)),
);
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`Added ${missing.length} optional platform packages to ${LOCK}: ${missing.join(", ")}`);
