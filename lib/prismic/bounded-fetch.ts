/**
 * Every content request, bounded: one deadline for the whole call, 429s retried
 * after their Retry-After while it fits before the deadline, and failures named
 * in the words the site's error log uses, so a page render never hangs on the content service and
 * its log says what happened.
 */

/** A content service answer the site cannot use: 5xx, or a 429 that outlasts the deadline. */
export class ContentServiceError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
  ) {
    super(`Unexpected status code [${status}] on URL ${url}`);
    this.name = "ContentServiceError";
  }
}

/** Milliseconds a Retry-After header asks for (seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Without a Retry-After, a 429 waits this long (Prismic's client waits the same). */
const DEFAULT_RETRY_AFTER_MS = 1500;

/** Frees the connection of an answer that will not be read (without waiting on the stream). */
function discard(response: Response) {
  response.body?.cancel().catch(() => undefined);
}

function urlOf(input: Parameters<typeof fetch>[0]): string {
  return input instanceof Request ? input.url : String(input);
}

export function boundedFetch(fetchFn: typeof fetch, timeoutMs: number): typeof fetch {
  return async (input, init) => {
    const url = urlOf(input);
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    const deadline = Date.now() + timeoutMs;
    try {
      for (;;) {
        const response = await fetchFn(input, { ...init, signal });
        if (response.status === 429) {
          const wait = retryAfterMs(response.headers.get("retry-after")) ?? DEFAULT_RETRY_AFTER_MS;
          discard(response);
          if (Date.now() + wait >= deadline) throw new ContentServiceError(429, url);
          await new Promise((resolve) => setTimeout(resolve, wait));
          continue;
        }
        if (response.status >= 500) {
          discard(response);
          throw new ContentServiceError(response.status, url);
        }
        return response;
      }
    } catch (error) {
      if (error instanceof ContentServiceError) throw error;
      if (timeout.aborted) throw new Error(`${url} response timeout`);
      // fetch's own "fetch failed" names neither the address nor the reason.
      if (error instanceof TypeError) {
        const cause = (error.cause as { code?: string; message?: string } | undefined) ?? {};
        throw new Error(`${url} could not be reached: ${cause.code ?? cause.message ?? error.message}`);
      }
      throw error;
    }
  };
}
