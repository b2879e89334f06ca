import { spawn, type ChildProcess } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { freePort } from "./free-port";

/**
 * Debian's Prometheus running deploy/prometheus/prometheus.yml itself (with alerts.yml beside it),
 * on a loopback port, with its data in a folder of its own. Only what a machine decides is
 * changed, each by one substitution that must find its text: the targets, the token file, and the
 * scrape and evaluation intervals (1 s, so a test does not wait 15).
 */
export interface Prometheus {
  origin: string;
  /** Prometheus's HTTP API: an instant query's result vector. */
  query(expression: string): Promise<Array<{ metric: Record<string, string>; value: [number, string] }>>;
  output(): string;
  stop(): Promise<void>;
}

const DEPLOY = path.resolve(__dirname, "../deploy/prometheus");
const PROMETHEUS = process.env.PROMETHEUS_PATH || "prometheus";

function replaceRequired(text: string, pattern: RegExp, replacement: string): string {
  if (!pattern.test(text))
    throw new Error(
      `deploy/prometheus/prometheus.yml no longer has ${pattern}: update test-support/prometheus.ts`,
    );
  return text.replace(pattern, replacement);
}

/** prometheus.yml as this test machine runs it. */
export function prometheusConfig(dir: string, targets: string[], tokenFile: string): string {
  let config = readFileSync(path.join(DEPLOY, "prometheus.yml"), "utf8");
  const list = targets.map((target) => `          - ${target}`).join("\n");
  config = replaceRequired(config, /( {6}- targets:\n)(?: {10}- [^\n]+\n)+/, `$1${list}\n`);
  config = replaceRequired(
    config,
    /credentials_file: \/etc\/prometheus\/site-metrics-token/,
    `credentials_file: ${tokenFile}`,
  );
  config = replaceRequired(config, /scrape_interval: 15s/, "scrape_interval: 1s");
  config = replaceRequired(config, /evaluation_interval: 15s/, "evaluation_interval: 1s");
  return replaceRequired(config, /- alerts\.yml/, `- ${path.join(dir, "alerts.yml")}`);
}

export async function startPrometheus({
  targets,
  token,
}: {
  targets: string[];
  token: string;
}): Promise<Prometheus> {
  const dir = mkdtempSync(path.join(tmpdir(), "site-prometheus-"));
  const tokenFile = path.join(dir, "token");
  writeFileSync(tokenFile, `${token}\n`, { mode: 0o600 });
  copyFileSync(path.join(DEPLOY, "alerts.yml"), path.join(dir, "alerts.yml"));
  const configFile = path.join(dir, "prometheus.yml");
  writeFileSync(configFile, prometheusConfig(dir, targets, tokenFile));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    PROMETHEUS,
    [
      `--config.file=${configFile}`,
      `--storage.tsdb.path=${path.join(dir, "data")}`,
      `--web.listen-address=127.0.0.1:${port}`,
      "--log.level=warn",
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);

  const stop = async () => {
    process.removeListener("exit", killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const late = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(late);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 30_000;
  for (;;) {
    const ready = await fetch(`${origin}/-/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`prometheus did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const query: Prometheus["query"] = async (expression) => {
    const response = await fetch(`${origin}/api/v1/query?query=${encodeURIComponent(expression)}`);
    const body = (await response.json()) as { status: string; error?: string; data?: { result: unknown } };
    if (body.status !== "success") throw new Error(`query ${expression} failed: ${body.error}`);
    return body.data?.result as Awaited<ReturnType<Prometheus["query"]>>;
  };
  return { origin, query, output: () => output, stop };
}
