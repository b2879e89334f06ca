import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { freePort } from "../../lib/net/free-port";

/**
 * Debian's nginx running deploy/nginx/site.conf itself, on a free loopback port,
 * with everything it writes in a folder of its own. Only what a machine decides
 * is changed (each change must find its text, so the shipped file cannot drift
 * from what is tested): the upstream servers, the listen address, and the cache,
 * cache-generation and njs folders.
 */
export interface Nginx {
  origin: string;
  /** nginx's error log so far. */
  errors(): string;
  stop(): Promise<void>;
}

const DEPLOY = path.resolve(__dirname, "../../deploy/nginx");
const MODULES = "/usr/lib/nginx/modules";
const NGINX = process.env.NGINX_PATH || "nginx";

function replaceRequired(text: string, pattern: RegExp, replacement: string): string {
  if (!pattern.test(text))
    throw new Error(`deploy/nginx/site.conf no longer has ${pattern}: update e2e/helpers/nginx.ts`);
  return text.replace(pattern, replacement);
}

/** site.conf as this test machine runs it. */
function siteConf(dir: string, port: number, upstreams: string[]): string {
  let conf = readFileSync(path.join(DEPLOY, "site.conf"), "utf8");
  const servers = upstreams.map((host) => `    server ${host} max_fails=3 fail_timeout=10s;`).join("\n");
  conf = replaceRequired(conf, /(upstream next_site \{\n)(?:\s*server [^\n]+\n)+/, `$1${servers}\n`);
  conf = replaceRequired(conf, /listen 80;/, `listen 127.0.0.1:${port};`);
  conf = replaceRequired(conf, /\/var\/cache\/nginx\/site/g, path.join(dir, "cache"));
  conf = replaceRequired(conf, /\/var\/lib\/nginx\/site/g, path.join(dir, "state"));
  conf = replaceRequired(conf, /"\/etc\/nginx\/njs\/"/, `"${DEPLOY}/"`);
  return conf;
}

/** The main configuration around site.conf, as Debian's nginx.conf and modules-enabled/ provide it. */
function mainConf(dir: string, site: string): string {
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((kind) => `  ${kind}_temp_path ${path.join(dir, "temp", kind)};`)
    .join("\n");
  return `load_module ${MODULES}/ngx_http_js_module.so;
load_module ${MODULES}/ngx_http_brotli_filter_module.so;
${process.getuid?.() === 0 ? "user root;" : ""}
worker_processes 2;
error_log ${path.join(dir, "error.log")} warn;
pid ${path.join(dir, "nginx.pid")};
events { worker_connections 1024; }
http {
  access_log off;
${temp}
  include ${site};
}
`;
}

/** Reserves a loopback port for nginx, to name it to the instances before it starts. */
export const reserveNginxPort = freePort;

/** nginx in front of `upstreams` ("127.0.0.1:PORT" each) with deploy/nginx/site.conf. */
export async function startNginx({
  upstreams,
  port,
}: {
  upstreams: string[];
  port?: number;
}): Promise<Nginx> {
  port ??= await freePort();
  return launch(port, (dir) => siteConf(dir, port, upstreams));
}

/** nginx serving one file as `/`, nothing else: what serving those bytes costs at the least (benchmarks). */
export async function startStaticNginx(body: string): Promise<Nginx> {
  const port = await freePort();
  return launch(port, (dir) => {
    writeFileSync(path.join(dir, "index.html"), body);
    return `server {
    listen 127.0.0.1:${port};
    server_tokens off;
    location = / {
        root ${dir};
        try_files /index.html =404;
        default_type text/html;
    }
}
`;
  });
}

/** Runs nginx in a folder of its own, around the given http-level configuration. */
async function launch(port: number, httpConf: (dir: string) => string): Promise<Nginx> {
  const dir = mkdtempSync(path.join(tmpdir(), "nginx-"));
  for (const sub of ["cache", "state", "temp"]) mkdirSync(path.join(dir, sub));
  const site = path.join(dir, "site.conf");
  writeFileSync(site, httpConf(dir));
  const main = path.join(dir, "nginx.conf");
  writeFileSync(main, mainConf(dir, site));

  const args = ["-p", dir, "-c", main];
  const check = spawnSync(NGINX, [...args, "-t"], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`nginx -t failed:\n${check.stderr}${check.stdout}`);

  const child: ChildProcess = spawn(NGINX, [...args, "-g", "daemon off;"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited early:\n${output}`);
    try {
      await fetch(`${origin}/`, { method: "HEAD" });
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not answer within 10 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const errors = () => {
    try {
      return readFileSync(path.join(dir, "error.log"), "utf8");
    } catch {
      return "";
    }
  };
  return {
    origin,
    errors,
    stop: async () => {
      process.removeListener("exit", killOnExit);
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGQUIT"); // graceful: finish the requests in flight
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
