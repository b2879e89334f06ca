/**
 * npm run consent:proof — reads the consent store (CONSENT_STORE_DIR, checked by lib/env/env.ts
 * like the site's settings):
 *
 *   npm run consent:proof -- <consent id>            every choice of that consent, each with the
 *                                                    words of the notice version it was made on
 *   npm run consent:proof -- <consent id> --json     the same as one JSON document
 *   npm run consent:proof -- --from 2026-01-01 --to 2026-01-31
 *                                                    every record of those days (by the day the
 *                                                    site recorded it), one JSON line each
 *   npm run consent:proof -- --prune                 removes the days past CONSENT_RETENTION_DAYS
 *
 * Exit code 0 when something was found (or pruned), 1 when nothing matched, 2 on a usage error.
 */
import { stat } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";

import { getEnvOrExit } from "@/lib/env/env";

import {
  createRecordStore,
  DAY,
  storeSettings,
  type ConsentRecord,
  type StoredVersion,
} from "./record-store";

const USAGE =
  "usage: npm run consent:proof -- <consent id> [--json] | --from YYYY-MM-DD --to YYYY-MM-DD | --prune";

function fail(message: string, code = 2): never {
  process.stderr.write(`consent:proof: ${message}\n${USAGE}\n`);
  process.exit(code);
}

/** One record, as a person reads it (services by the names its visitor saw). */
export function describeRecord(record: ConsentRecord, version: StoredVersion | null): string {
  const names = new Map(version?.words[record.lang]?.services.map((service) => [service.id, service.name]));
  return [
    `${record.recordedAt}  ${record.kind}  (${record.lang}, chosen at ${record.choiceAt} by the visitor's clock, notice version ${record.version})`,
    ...Object.entries(record.choices).map(
      ([id, enabled]) => `  ${names.get(id) ?? id} (${id}): ${enabled ? "accepted" : "refused"}`,
    ),
  ].join("\n");
}

/** The words of a version in the languages its records were made in. */
export function describeVersion(id: string, version: StoredVersion | null, langs: readonly string[]): string {
  if (!version) return `Notice version ${id}: its words are missing from the store`;
  const lines = [`Notice version ${version.id}, first shown ${version.firstShown}`];
  for (const lang of langs) {
    const words = version.words[lang];
    if (!words) continue;
    lines.push(`  in ${lang}:`);
    for (const [key, text] of Object.entries(words.labels)) lines.push(`    ${key}: ${text}`);
    for (const service of words.services)
      lines.push(
        `    service ${service.id}${service.required ? " (required)" : ""}: ${service.name}: ${service.description}`,
      );
  }
  return lines.join("\n");
}

async function main() {
  // Read through `| head` or a pager that quits: the reader has what it wanted, nothing failed.
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(0);
    throw error;
  });
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      json: { type: "boolean" },
      from: { type: "string" },
      to: { type: "string" },
      prune: { type: "boolean" },
    },
  });
  const env = getEnvOrExit();
  const store = createRecordStore(storeSettings(env));
  // A store that is not there is said as such: "no record" would read as proof of no consent.
  const folder = path.resolve(env.CONSENT_STORE_DIR);
  if (!(await stat(folder).catch(() => null))?.isDirectory())
    fail(
      `no consent store at ${folder} (CONSENT_STORE_DIR): run this with the site's environment, where its store is`,
      1,
    );

  if (values.prune) {
    const days = await store.prune();
    process.stdout.write(`consent:proof: ${days} day(s) past ${env.CONSENT_RETENTION_DAYS} days removed\n`);
    return;
  }
  if (values.from !== undefined || values.to !== undefined) {
    if (!DAY.test(values.from ?? "") || !DAY.test(values.to ?? "") || values.from! > values.to!)
      fail("--from and --to are days, YYYY-MM-DD, the first not after the last");
    const records = await store.records({ from: values.from, to: values.to });
    for (const record of records) process.stdout.write(`${JSON.stringify(record)}\n`);
    process.stderr.write(`consent:proof: ${records.length} record(s) from ${values.from} to ${values.to}\n`);
    return;
  }
  const [consentId, ...rest] = positionals;
  if (!consentId || rest.length > 0) fail("give one consent id");
  const records = await store.records({ consentId });
  if (records.length === 0) fail(`no record of consent ${consentId} in ${folder}`, 1);
  const versions = new Map<string, StoredVersion | null>();
  for (const record of records)
    if (!versions.has(record.version)) versions.set(record.version, await store.version(record.version));
  if (values.json) {
    process.stdout.write(
      `${JSON.stringify({ consentId, records, versions: Object.fromEntries(versions) }, null, 2)}\n`,
    );
    return;
  }
  process.stdout.write(`Consent ${consentId}: ${records.length} choice(s), the last one last\n\n`);
  process.stdout.write(
    `${records.map((record) => describeRecord(record, versions.get(record.version) ?? null)).join("\n\n")}\n\n`,
  );
  // Each version's words once, as the visitor read them (in the languages of their choices).
  for (const [id, version] of versions) {
    const langs = [
      ...new Set(records.filter((record) => record.version === id).map((record) => record.lang)),
    ];
    process.stdout.write(`${describeVersion(id, version, langs)}\n\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`consent:proof: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
