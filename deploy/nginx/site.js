// njs handlers of site.conf (Debian's libnginx-mod-http-js): the purge of the page cache, and the
// plain answers nginx makes itself. Nothing here runs for a page served from the cache.
import crypto from "crypto";
import fs from "fs";

/** The shared purge secret, from its file; "" when there is none (then nothing can purge). */
function purgeSecret(r) {
  try {
    return fs.readFileSync(r.variables.site_purge_secret_file, "utf8").trim();
  } catch (e) {
    r.error(`purge secret unreadable: ${e.message}`);
    return "";
  }
}

/** Compares HMACs of both, so the comparison's time says nothing about the secret. */
function sameSecret(given, expected) {
  const digest = (value) => crypto.createHmac("sha256", "purge").update(value).digest("hex");
  return expected !== "" && digest(given) === digest(expected);
}

const ASIDE = ".purged-";

/**
 * Empties the cache folder: every entry is first renamed aside inside the folder (one rename per
 * top-level folder: the same file system, so each is atomic and the whole takes microseconds),
 * then removed. nginx reads a missing file as a miss, so from the first rename on every page is
 * asked of the instances again. Leftovers of a purge that stopped half way go with the next one.
 */
function emptyCache(root) {
  // (njs 0.7, Debian bookworm's, has no for…of.)
  const stamp = `${ASIDE}${Date.now()}-`;
  const names = fs.readdirSync(root).filter((name) => !name.startsWith(ASIDE));
  names.forEach((name) => fs.renameSync(`${root}/${name}`, `${root}/${stamp}${name}`));
  fs.readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.name.startsWith(ASIDE))
    .forEach((entry) => {
      const path = `${root}/${entry.name}`;
      if (entry.isDirectory()) fs.rmdirSync(path, { recursive: true });
      else fs.unlinkSync(path);
    });
  return names.length;
}

/**
 * PURGE (or POST) with the shared secret empties the cache. A refusal is a bare status, so that
 * nginx answers it as its other errors (error_page: the security headers, a plain body); why it
 * was refused goes to nginx's error log.
 */
function purge(r) {
  if (r.method !== "PURGE" && r.method !== "POST") {
    r.warn(`purge refused: method ${r.method} (PURGE or POST)`);
    r.return(405);
    return;
  }
  if (!sameSecret(r.headersIn["X-Purge-Secret"] || "", purgeSecret(r))) {
    r.warn("purge refused: X-Purge-Secret missing or wrong");
    r.return(403);
    return;
  }
  let moved;
  try {
    moved = emptyCache(r.variables.site_cache_dir);
  } catch (e) {
    r.error(`cache purge failed: ${e.message}`);
    r.return(500);
    return;
  }
  r.return(200, `cache purged: ${moved} folder(s) emptied\n`);
}

/** Reasons for the answers nginx makes itself (error_page … @site_error). */
const REASONS = {
  400: "Bad Request",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  412: "Precondition Failed",
  413: "Request Entity Too Large",
  414: "URI Too Long",
  416: "Range Not Satisfiable",
  421: "Misdirected Request",
  431: "Request Header Fields Too Large",
  429: "Too Many Requests",
  500: "Internal Server Error",
  501: "Not Implemented",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
  505: "HTTP Version Not Supported",
};

/**
 * nginx's own statuses as a client should read them: 494 (its "request header too large") is
 * 431; 499 never reaches a client.
 */
const SENT_AS = { 494: 431 };

/** A plain answer with the original status; the location adds the security headers. */
function errorPage(r) {
  const given = Number(r.variables.status) || 500;
  const status = SENT_AS[given] || given;
  r.headersOut["Content-Type"] = "text/plain; charset=utf-8";
  r.return(status, `${status} ${REASONS[status] || "Error"}\n`);
}

const site = { purge, errorPage };
export default site;
