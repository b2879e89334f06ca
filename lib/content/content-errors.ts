import { NotFoundError, PrismicError } from "@prismicio/client";

/** One log line per content failure, with what an operator needs: message, status and URL. */
/**
 * Parameters @prismicio/client adds to every query that say nothing about a failure: the site's
 * whole route table (2 kB of JSON) and its broken-link route.
 */
const NOISE_PARAMETERS = ["routes", "brokenRoute"];

/** A request URL for a log line: without the route table, so one failure is one readable line. */
function loggedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    for (const name of NOISE_PARAMETERS) parsed.searchParams.delete(name);
    return parsed.href;
  } catch {
    return url;
  }
}

export function describeContentError(error: unknown): string {
  if (error instanceof PrismicError) {
    const response = error.response as { status?: number } | undefined;
    const status = typeof response?.status === "number" ? ` [${response.status}]` : "";
    if (!error.url) return `${error.name}${status}: ${error.message}`;
    // The client's messages often name the URL already: once is enough.
    const url = loggedUrl(error.url);
    const message = error.message.split(error.url).join(url);
    return `${error.name}${status}: ${message}${message.includes(url) ? "" : ` on URL ${url}`}`;
  }
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

export function isNotFound(error: unknown): boolean {
  return error instanceof NotFoundError;
}

/** Set on a content error once its line is logged, so Next's own report of the failed render can skip it. */
const REPORTED = Symbol.for("vifargent.content-error-reported");

/** Marks an error as logged already, and returns it for rethrowing. */
export function markReported<T>(error: T): T {
  if (typeof error === "object" && error !== null && !Object.isFrozen(error))
    Object.defineProperty(error, REPORTED, { value: true });
  return error;
}

export function wasReported(value: unknown): boolean {
  return typeof value === "object" && value !== null && REPORTED in value;
}

/**
 * Next reports every error a render throws with its stack, once for the page and
 * once for its metadata. A content failure has had its one line already (the site's
 * words, from the query that failed), so those reports are left out; every other
 * error is printed as before.
 */
export function skipReportedErrors(target: Pick<Console, "error"> = console): void {
  const print = target.error.bind(target);
  target.error = (...args: unknown[]) => {
    if (!args.some(wasReported)) print(...args);
  };
}
