import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { freePort } from "./free-port";

/**
 * Debian's nginx running deploy/nginx/site.conf itself, on a
 * loopback port, with everything it writes in a folder of its own. Only what a machine decides is
 * changed in site.conf, each change by one substitution that must find its text (so the shipped
 * file cannot drift from what is tested):
 * - the `server` lines of `upstream next_site { … }`: the given upstreams;
 * - `listen 80;`: `listen 127.0.0.1:<port>;`;
 * - the site's host name `example.com` (in `$site_host_known`): `127.0.0.1`, as the tests name it;
 * - the access log `/var/log/nginx/site.access.log`: in the folder;
 * - the folders `/var/cache/nginx/site` (cache) and `"/etc/nginx/njs/"` (deploy/nginx/ itself, for
 *   site.js), and the purge secret's file `/etc/nginx/site-purge-secret` (written with `purgeSecret`).
 * The main configuration around it (modules, temp folders, logs) is what Debian's nginx.conf and
 * modules-enabled/ give an operator, with every path in the folder.
 */
export interface Nginx {
  origin: string;
  /** What nginx wrote so far: its standard output and error, then its error log. */
  output(): string;
  /** The site's access log (site.conf's `site_access` format) so far. */
  accessLog(): string;
  /** The folder nginx stores its cached answers in (site.conf's `proxy_cache_path`), one file each. */
  cacheDir: string;
  /** Graceful stop (SIGQUIT: in-flight requests finish; SIGTERM after 10 s), then the folder is removed. */
  stop(): Promise<void>;
}

const DEPLOY = path.resolve(__dirname, "../deploy/nginx");
const MODULES = "/usr/lib/nginx/modules";
const NGINX = process.env.NGINX_PATH || "nginx";

function replaceRequired(text: string, pattern: RegExp, replacement: string): string {
  if (!pattern.test(text))
    throw new Error(`deploy/nginx/site.conf no longer has ${pattern}: update test-support/nginx.ts`);
  return text.replace(pattern, replacement);
}

/** site.conf as this test machine runs it. */
function siteConf(dir: string, port: number, upstreams: string[]): string {
  let conf = readFileSync(path.join(DEPLOY, "site.conf"), "utf8");
  const servers = upstreams.map((host) => `    server ${host} max_fails=3 fail_timeout=10s;`).join("\n");
  conf = replaceRequired(conf, /(upstream next_site \{\n)(?:\s*server [^\n]+\n)+/, `$1${servers}\n`);
  conf = replaceRequired(conf, /listen 80;/, `listen 127.0.0.1:${port};`);
  conf = replaceRequired(conf, /^    example\.com 1;$/m, `    127.0.0.1 1;`);
  conf = replaceRequired(conf, /\/var\/cache\/nginx\/site/g, path.join(dir, "cache"));
  conf = replaceRequired(conf, /"\/etc\/nginx\/njs\/"/, `"${DEPLOY}/"`);
  conf = replaceRequired(conf, /\/etc\/nginx\/site-purge-secret/g, path.join(dir, "purge-secret"));
  conf = replaceRequired(conf, /\/var\/log\/nginx\/site\.access\.log/, path.join(dir, "access.log"));
  return conf;
}

/**
 * The main configuration, as Debian's nginx.conf writes it (workers, connections, sendfile,
 * MIME types) with what site.conf's head adds (pcre_jit), with modules, temp folders and logs in
 * `dir`, then the http-level `includes`.
 */
function mainConf(dir: string, includes: string[]): string {
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((kind) => `  ${kind}_temp_path ${path.join(dir, "temp", kind)};`)
    .join("\n");
  return `load_module ${MODULES}/ngx_http_js_module.so;
# As deploy/nginx/site.conf's head asks operators to add it.
pcre_jit on;
${process.getuid?.() === 0 ? "user root;" : "# not root: workers run as this user"}
worker_processes auto;
error_log ${path.join(dir, "error.log")} warn;
pid ${path.join(dir, "nginx.pid")};
events { worker_connections 768; }
http {
  # As Debian's nginx.conf sets them for every site (its sendfile decides how a file or a cached
  # answer is sent, so a benchmark without it measures another server).
  sendfile on;
  tcp_nopush on;
  types_hash_max_size 2048;
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
${temp}
${includes.map((file) => `  include ${file};`).join("\n")}
}
`;
}

/** Reserves a loopback port for nginx, to name it to the instances before it starts. */
export const reserveNginxPort = freePort;

/** The purge secret the tests' nginx holds (its file), and the instances send (PROXY_PURGE_SECRET). */
export const NGINX_PURGE_SECRET = "test-purge-secret-0123456789abcdefghijklmnop";

/** nginx in front of `upstreams` ("127.0.0.1:PORT" each) with deploy/nginx/site.conf. */
export async function startNginx({
  upstreams,
  port,
  purgeSecret = NGINX_PURGE_SECRET,
}: {
  upstreams: string[];
  port?: number;
  purgeSecret?: string;
}): Promise<Nginx> {
  const listen = port ?? (await freePort());
  return launch(listen, (dir) => {
    write(path.join(dir, "purge-secret"), `${purgeSecret}\n`);
    return [write(path.join(dir, "site.conf"), siteConf(dir, listen, upstreams))];
  });
}

/**
 * nginx serving one file as `/`, nothing else: what serving those bytes costs at the least
 * (benchmarks). With `gzipped`, a browser that accepts gzip gets those bytes instead, as they
 * are (gzip_static), as a cache of compressed pages serves them.
 */
export async function startStaticNginx(body: string, gzipped?: Buffer): Promise<Nginx> {
  const port = await freePort();
  return launch(port, (dir) => {
    writeFileSync(path.join(dir, "index.html"), body);
    if (gzipped) writeFileSync(path.join(dir, "index.html.gz"), gzipped);
    const server = `server {
    listen 127.0.0.1:${port};
    server_tokens off;
    location = / {
        root ${dir};
        ${gzipped ? "gzip_static on;" : ""}
        try_files /index.html =404;
        default_type text/html;
    }
}
`;
    return [write(path.join(dir, "static.conf"), server)];
  });
}

/**
 * nginx's page cache with nothing of the site's around it (no maps, no added headers, no log, no
 * purge), in front of `upstream` ("127.0.0.1:PORT"): what a cached answer costs nginx at the least,
 * the floor of the shipped configuration's cache path (benchmarks). Keyed as the site keys pages:
 * the target and whether the browser takes gzip.
 */
export async function startBareCacheNginx(upstream: string): Promise<Nginx> {
  const port = await freePort();
  return launch(port, (dir) => {
    const server = `proxy_cache_path ${path.join(dir, "cache")} levels=1:2 keys_zone=bare:10m;
map $http_accept_encoding $bare_encoding {
    "~*gzip" gzip;
    default "";
}
server {
    listen 127.0.0.1:${port};
    server_tokens off;
    tcp_nopush off;
    location / {
        proxy_pass http://${upstream};
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_set_header Accept-Encoding $bare_encoding;
        proxy_cache bare;
        proxy_cache_key $request_uri$bare_encoding;
        proxy_ignore_headers Vary;
        proxy_buffer_size 32k;
        proxy_buffers 8 8k;
        proxy_busy_buffers_size 32k;
    }
}
`;
    return [write(path.join(dir, "bare-cache.conf"), server)];
  });
}

function write(file: string, text: string): string {
  writeFileSync(file, text);
  return file;
}

/** Whether something accepts TCP connections on the loopback port. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Runs nginx in the foreground in a folder of its own, around the http-level files `includes` writes. */
async function launch(port: number, includes: (dir: string) => string[]): Promise<Nginx> {
  const dir = mkdtempSync(path.join(tmpdir(), "nginx-"));
  for (const sub of ["cache", "temp"]) mkdirSync(path.join(dir, sub));
  let main: string;
  try {
    main = write(path.join(dir, "nginx.conf"), mainConf(dir, includes(dir)));
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const errorLog = () => {
    try {
      return readFileSync(path.join(dir, "error.log"), "utf8");
    } catch {
      return "";
    }
  };

  const args = ["-p", dir, "-c", main];
  const check = spawnSync(NGINX, [...args, "-t"], { encoding: "utf8" });
  if (check.status !== 0) {
    const output = `${check.error ?? ""}${check.stderr ?? ""}${check.stdout ?? ""}${errorLog()}`;
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`nginx -t failed:\n${output}`);
  }

  // In the foreground: the master is this process's child, in its process group (a Ctrl-C stops
  // both), and is stopped when this process exits (not when it is SIGKILLed: nothing runs then).
  // SIGTERM, not SIGKILL: the master then stops its workers, which SIGKILL would leave running.
  const child: ChildProcess = spawn(NGINX, [...args, "-g", "daemon off;"], {
    stdio: ["ignore", "pipe", "pipe"],
    detached: false,
  });
  let processOutput = "";
  child.stdout?.on("data", (chunk) => (processOutput += chunk));
  child.stderr?.on("data", (chunk) => (processOutput += chunk));
  const killOnExit = () => {
    child.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  };
  process.once("exit", killOnExit);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;
  const output = () => processOutput + errorLog();

  const stop = async () => {
    process.removeListener("exit", killOnExit);
    if (running()) {
      child.kill("SIGQUIT"); // graceful: finish the requests in flight
      const late = setTimeout(() => child.kill("SIGTERM"), 10_000);
      await exited;
      clearTimeout(late);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 10_000;
  while (!(await answers(port))) {
    if (!running() || Date.now() > deadline) {
      const why = running() ? "did not answer within 10 s" : "exited early";
      const log = output();
      await stop();
      throw new Error(`nginx ${why}:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const accessLog = () => {
    try {
      return readFileSync(path.join(dir, "access.log"), "utf8");
    } catch {
      return "";
    }
  };
  return { origin: `http://127.0.0.1:${port}`, output, accessLog, cacheDir: path.join(dir, "cache"), stop };
}
