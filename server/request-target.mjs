// @ts-check
/**
 * The front: the one place a request's target is read. Every request `npm start` receives is
 * decided here, before Next, into one of three answers:
 * - pass: Next gets the target in the site's spelling, holding only what the path reads (a list's
 *   `category` and `page`, Next's `_rsc` on an RSC request, a handler's own query);
 * - redirect (308): the same resource spelled otherwise (dot segments, encodings, a trailing or
 *   doubled slash, parameters out of order or `?page=1`) goes to its one URL, keeping the
 *   visitor's other parameters;
 * - refuse: a target no browser sends (raw characters every browser encodes, a malformed
 *   percent-encoding in the path, not a path) is a 400, one too long a 414.
 * Nothing downstream reads the raw target again: Next, the request router and the pages see the
 * decided one, and nginx stores only requests already in this spelling (deploy/nginx/site.conf).
 *
 * Why here and not downstream: Next normalises a target its own way in several places and echoes
 * it, percent-encoded, in headers (its trailing-slash redirect, `x-middleware-rewrite`, the `_rsc`
 * redirect), and writes the URL of the request that renders a page into the page it stores for
 * everyone. A decision taken once, before any of that, leaves them nothing odd to read.
 *
 * Pure: the site's page grammar comes in as `rules` (lib/routing/request-rules.ts reads it from
 * the page table); see server/README.md for the layers around it.
 */
import { isOutsidePath, outsideQueryUse } from "../lib/routing/outside-paths.mjs";
import { decodeBytes, encodeQueryBytes, encodeSegment, parameterName } from "../lib/net/url-encoding.mjs";
import { MAX_KEPT_QUERY_BYTES, MAX_PATH_BYTES, MAX_TARGET_BYTES } from "../lib/net/url-limits.mjs";
import { isCanonicalImageQuery } from "./image-request.mjs";
import { handoffFrom, provideHandoff } from "./handoff.mjs";

export { MAX_KEPT_QUERY_BYTES, MAX_PATH_BYTES, MAX_TARGET_BYTES };

/** Request headers the front sets for the request router (and removes from a client's request). */
export const FRONT_HEADERS = {
  /** The path as the visitor asked for it, in the site's spelling, when Next is given another. */
  path: "x-site-path",
  /** The visitor's parameters that no page reads, re-encoded: an editor's redirect keeps them. */
  query: "x-site-query",
  /**
   * The target as passed on, on every request (set by server/main.mjs): where a visitor's render of
   * a page can be asked for again (cache-handler.mjs renders a page seeded from the build there).
   */
  target: "x-site-target",
  /**
   * On this server's own request for a fresh render (./rerender-gate.mjs): the build's preview id,
   * which the request router hands on to Next as its on-demand revalidation header. Sent with the
   * request, that header would make Next skip the router, and render the page under its app path.
   */
  renderAnew: "x-site-render-anew",
};

/** Next's navigation hash, as its client writes it (`_rsc` alone: the hash of no router header). */
const RSC_VALUE = /^[A-Za-z0-9_-]{0,64}$/;
/** @param {string} part */
const isRscPart = (part) => part === "_rsc" || part.startsWith("_rsc=");

/**
 * Raw characters every browser percent-encodes (WHATWG URL: the C0 controls, space, `"`, `#`, `<`,
 * `>` anywhere; "`", `{`, `}` in a path; `\` is read as "/") and any byte outside ASCII (browsers
 * send UTF-8 percent-encoded). A target holding one was not written by a browser.
 */
const NEVER_RAW = /[^\x21-\x7e]|["#<>\\]/;
const NEVER_RAW_IN_PATH = /[`{}]/;

/**
 * What the site's page grammar says of a path (in the site's spelling) and its parameters
 * (decoded): a page, with the parameters it reads in the site's spelling, or a 404 (with the fixed
 * path Next renders it under, so nothing of a made-up path enters the stored 404 page), or a path
 * served by something else.
 * @typedef {{ kind: "page"; reads: readonly string[]; query: string }
 *   | { kind: "not-found"; reads: readonly string[]; target: string }} PathReading
 * @typedef {{ readPath(pathname: string, params: Array<[string, string]>): PathReading }} RequestRules
 */

/**
 * @typedef {{ method: string; target: string; rsc: boolean }} FrontRequest
 * @typedef {{ action: "pass"; target: string; headers: Record<string, string> }
 *   | { action: "redirect"; location: string }
 *   | { action: "refuse"; status: 400 | 414; reason: string }} FrontDecision
 */

/** @param {400 | 414} status @param {string} reason @returns {FrontDecision} */
const refuse = (status, reason) => ({ action: "refuse", status, reason });

/**
 * The path in the site's spelling: each segment decoded, then re-encoded one way (unreserved
 * characters as themselves, hex in upper case); dot segments resolved, empty segments and a
 * trailing slash dropped. Undefined when a segment's encoding is malformed or not UTF-8.
 * @param {string} raw
 */
export function canonicalPath(raw) {
  /** @type {string[]} */
  const segments = [];
  for (const rawSegment of raw.split("/")) {
    const text = decodeBytes(rawSegment);
    if (text === undefined) return undefined;
    if (text === "" || text === ".") continue;
    if (text === "..") segments.pop();
    else segments.push(encodeSegment(text));
  }
  return `/${segments.join("/")}`;
}

/**
 * A query's parts, each re-encoded (encodeQueryBytes), without empty ones.
 * @param {string} raw
 */
function queryParts(raw) {
  return raw
    .split("&")
    .filter((part) => part !== "")
    .map(encodeQueryBytes);
}

/** @param {string} query @returns {string} */
const withQuery = (query) => (query ? `?${query}` : "");

/** The visitor's query as carried on: re-encoded, or "" past MAX_KEPT_QUERY_BYTES. @param {string[]} parts */
function keptQuery(parts) {
  const query = parts.join("&");
  return query.length <= MAX_KEPT_QUERY_BYTES ? query : "";
}

/**
 * The front's decision on one request.
 * @param {FrontRequest} request @param {RequestRules} rules
 * @returns {FrontDecision}
 */
export function decideRequest({ method, target, rsc }, rules) {
  if (target.length > MAX_TARGET_BYTES) return refuse(414, "target too long");
  // Origin form only: `*`, `http://host/path` and the like are never a browser's request to a page.
  if (!target.startsWith("/")) return refuse(400, "not a path");
  if (NEVER_RAW.test(target)) return refuse(400, "a character browsers always encode");
  const mark = target.indexOf("?");
  const rawPath = mark === -1 ? target : target.slice(0, mark);
  const rawQuery = mark === -1 ? undefined : target.slice(mark + 1);
  if (NEVER_RAW_IN_PATH.test(rawPath)) return refuse(400, "a character browsers always encode");
  const path = canonicalPath(rawPath);
  if (path === undefined) return refuse(400, "malformed percent-encoding in the path");
  if (path.length > MAX_PATH_BYTES) return refuse(414, "path too long");

  const navigation = (method === "GET" || method === "HEAD") && !rsc;
  const parts = rawQuery === undefined ? [] : queryParts(rawQuery);
  // Next's navigation hash belongs to its RSC requests only, on any path (Next checks it on a
  // file too); pages never read it. Its client appends the hash last: a request may also hold an
  // earlier, bare `_rsc` it kept.
  const rscPart = rsc
    ? parts.findLast((part) => isRscPart(part) && RSC_VALUE.test(part.slice(5)))
    : undefined;
  const rscQuery = rscPart ? [rscPart] : [];
  const ownParts = parts.filter((part) => !isRscPart(part));

  if (isOutsidePath(path)) {
    const use = outsideQueryUse(path);
    if (use === "image" && !isCanonicalImageQuery(rawQuery ?? ""))
      return refuse(400, "not the image spelling");
    // A file reads no query: `?v=2` is the same file (the site writes such links), so only its
    // path's spelling counts. A handler reads its own, re-encoded.
    const query = use === "none" ? rscQuery : ownParts;
    if (navigation && rawPath !== path)
      return redirect(`${path}${withQuery(use === "none" ? "" : keptQuery(ownParts))}`);
    // Re-encoding may lengthen a handler's query: what Next gets (and may echo) stays bounded.
    const passed = `${path}${withQuery([...query, ...(use === "none" ? [] : rscQuery)].join("&"))}`;
    if (passed.length > MAX_TARGET_BYTES) return refuse(414, "target too long");
    return pass(passed);
  }

  const named = ownParts.map((part) => /** @type {[string, string]} */ ([parameterName(part), part]));
  const reading = rules.readPath(
    path,
    named.map(([name, part]) => [name, decodeValue(part)]),
  );
  const read = named.filter(([name]) => reading.reads.includes(name)).map(([, part]) => part);
  const others = named.filter(([name]) => !reading.reads.includes(name)).map(([, part]) => part);

  // A page's one URL: its path, the parameters it reads in the site's spelling, then the
  // visitor's others re-encoded (the site's tags for analytics stay). A navigation spelled any
  // other way (an encoding, an order, an empty part, `?page=1`, a stray `_rsc`) goes there. A
  // path that is no page goes there only for its path's sake: its query, odd or not, is the
  // request router's to carry on to an editor's redirect (one hop) or to answer with a 404.
  const notFound = reading.kind === "not-found";
  const kept = keptQuery(notFound ? [...read, ...others] : others);
  const location = `${path}${withQuery([notFound ? "" : reading.query, kept].filter(Boolean).join("&"))}`;
  const spelledAsSite = notFound ? rawPath === path && rawQuery !== "" : target === location;
  if (navigation && !spelledAsSite) return redirect(location);

  if (notFound)
    // Next renders the 404 under a fixed path: the visitor's path only reaches the request router.
    return pass(`${reading.target}${withQuery(rscQuery.join("&"))}`, {
      [FRONT_HEADERS.path]: path,
      ...visitorQuery(kept),
    });
  return pass(`${path}${withQuery([reading.query, ...rscQuery].filter(Boolean).join("&"))}`, {
    ...visitorQuery(keptQuery(others)),
  });
}

/** @param {string} part */
function decodeValue(part) {
  const mark = part.indexOf("=");
  return mark === -1 ? "" : (decodeBytes(part.slice(mark + 1).replace(/\+/g, " ")) ?? "\u0000");
}

/** @param {string} query @returns {Record<string, string>} */
function visitorQuery(query) {
  return query ? { [FRONT_HEADERS.query]: query } : {};
}

/** @param {string} target @param {Record<string, string>} [headers] @returns {FrontDecision} */
function pass(target, headers = {}) {
  return { action: "pass", target, headers };
}

/** @param {string} location @returns {FrontDecision} */
function redirect(location) {
  return { action: "redirect", location };
}

/**
 * Where instrumentation.ts hands the site's page grammar to `npm start`: the rules are the request
 * router's TypeScript (lib/routing/request-rules.ts), which only Next's build compiles, and Next
 * runs instrumentation.ts as it prepares, without waiting for it to finish.
 */
const REQUEST_RULES_KEY = Symbol.for("site.request-rules");

/**
 * A target the front passed on, as the document it names: without Next's navigation hash, which
 * only an RSC request carries (the same page, and the same stored copy, either way).
 * @param {string} target
 */
export function documentTarget(target) {
  const mark = target.indexOf("?");
  if (mark === -1) return target;
  const kept = target
    .slice(mark + 1)
    .split("&")
    .filter((part) => !isRscPart(part));
  return `${target.slice(0, mark)}${withQuery(kept.join("&"))}`;
}

/**
 * Gives the rules to whoever waits for them (requestRulesFrom), or leaves them for a later ask.
 * @param {object} scope globalThis @param {RequestRules} rules
 */
export function provideRequestRules(scope, rules) {
  provideHandoff(scope, REQUEST_RULES_KEY, rules);
}

/**
 * The rules instrumentation.ts provides, or an error past `timeoutMs` that says so (a front
 * without them would pass every target on undecided).
 * @param {object} scope globalThis @param {number} [timeoutMs]
 * @returns {Promise<RequestRules>}
 */
export function requestRulesFrom(scope, timeoutMs = 60_000) {
  return handoffFrom(scope, REQUEST_RULES_KEY, {
    isReady: /** @returns {value is RequestRules} */ (value) =>
      typeof (/** @type {Partial<RequestRules> | undefined} */ (value)?.readPath) === "function",
    missing: "instrumentation.ts never provided the request rules: is the build current?",
    timeoutMs,
  });
}
