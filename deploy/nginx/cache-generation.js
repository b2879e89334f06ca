// The page cache's generation, part of every cache key (njs, Debian's libnginx-mod-http-js).
// A purge starts a new generation: every answer cached before is unreachable at once, HTML and
// RSC alike, and nginx drops the old files as they age (proxy_cache_path inactive, max_size).
// The generation lives in a file (js_var $site_generation_file), so every worker sees it and it
// survives reloads and restarts.
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

function purge(r) {
  if (r.method !== "PURGE" && r.method !== "POST") {
    r.headersOut["Allow"] = "PURGE, POST";
    r.return(405, "purge with PURGE or POST\n");
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

const cacheGeneration = { current, purge };
export default cacheGeneration;
