import { NotFoundError, PrismicError } from "@prismicio/client";

/** One log line per content failure, with what an operator needs: message, status and URL. */
export function describeContentError(error: unknown): string {
  if (error instanceof PrismicError) {
    const response = error.response as { status?: number } | undefined;
    const status = typeof response?.status === "number" ? ` [${response.status}]` : "";
    return `${error.name}${status}: ${error.message}${error.url ? ` on URL ${error.url}` : ""}`;
  }
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

export function isNotFound(error: unknown): boolean {
  return error instanceof NotFoundError;
}
