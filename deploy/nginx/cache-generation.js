// The page cache's generation, part of every cache key (njs, Debian's libnginx-mod-http-js).
// A purge starts a new generation: every answer cached before is unreachable at once, HTML and
// RSC alike, and nginx drops the old files as they age (proxy_cache_path inactive, max_size).
// The generation lives in a file (js_var $site_generation_file), so every worker sees it and it
// survives reloads and restarts.
import crypto from "crypto";
import fs from "fs";

function current(r) {
  try {
    return fs.readFileSync(r.variables.site_generation_file, "utf8").trim() || "0";
  } catch (e) {
    // No file: nothing purged yet. Any other failure is worth a line in the error log.
    if (e.code !== "ENOENT") r.error(`cache generation unreadable: ${e.message}`);
    return "0";
  }
}

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

function purge(r) {
  if (r.method !== "PURGE" && r.method !== "POST") {
    r.headersOut["Allow"] = "PURGE, POST";
    r.return(405, "purge with PURGE or POST\n");
    return;
  }
  if (!sameSecret(r.headersIn["X-Purge-Secret"] || "", purgeSecret(r))) {
    r.return(403, "purge refused: X-Purge-Secret missing or wrong\n");
    return;
  }
  const generation = String(Date.now());
  try {
    fs.writeFileSync(r.variables.site_generation_file, generation);
  } catch (e) {
    r.error(`cache purge failed: ${e.message}`);
    r.return(500, "cache purge failed: see nginx's error log\n");
    return;
  }
  r.return(200, `cache purged: generation ${generation}\n`);
}

/** Reasons for the answers nginx makes itself (error_page … @site_error). */
const REASONS = {
  400: "Bad Request",
  413: "Request Entity Too Large",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

/** A plain answer with the original status; the location adds the security headers. */
function errorPage(r) {
  const status = Number(r.variables.status) || 500;
  r.headersOut["Content-Type"] = "text/plain; charset=utf-8";
  r.return(status, `${status} ${REASONS[status] || "Error"}\n`);
}

const cacheGeneration = { current, purge, errorPage };
export default cacheGeneration;
