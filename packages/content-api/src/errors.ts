/**
 * Errors in the shapes Prismic's Content API sends, so that @prismicio/client
 * raises its own error classes (ParsingError, ForbiddenError, RefNotFoundError, ...).
 */
export class ContentApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message ?? body.error ?? `Content API error ${status}`));
    this.name = "ContentApiError";
  }
}

/** 400: a malformed query, an unknown parameter, an invalid value. */
export function parsingError(message: string, location?: string): ContentApiError {
  return new ContentApiError(400, {
    type: "parsing-error",
    message,
    ...(location === undefined ? {} : { location }),
  });
}

/** 404 with the master ref named, which the client uses to retry. */
export function refNotFound(masterRef: string): ContentApiError {
  return new ContentApiError(404, {
    type: "api_notfound_error",
    message: `Ref not found. Ensure you have the correct ref and try again. Master ref is: ${masterRef}`,
  });
}

/** 404 for a preview token whose release no longer exists. */
export function previewTokenExpired(): ContentApiError {
  return new ContentApiError(404, {
    type: "api_security_error",
    message: "This preview token has expired",
  });
}

/** 404 for a preview token issued for another repository or malformed. */
export function previewTokenInvalid(): ContentApiError {
  return new ContentApiError(404, {
    type: "api_security_error",
    message: "This preview token is not valid for this repository",
  });
}

/** 401 for a missing or wrong access token (the client maps 401 to ForbiddenError). */
export function accessDenied(tokenGiven: boolean): ContentApiError {
  const message = tokenGiven
    ? "Invalid access token"
    : "This repository is private: an access token is required";
  return new ContentApiError(401, {
    type: "api_security_error",
    error: message,
    message,
  });
}

export function routeNotFound(pathname: string): ContentApiError {
  return new ContentApiError(404, {
    type: "not_found",
    message: `No Content API resource at ${pathname}`,
  });
}

export function methodNotAllowed(method: string): ContentApiError {
  return new ContentApiError(405, {
    type: "method_not_allowed",
    message: `Method ${method} is not allowed: the Content API is read-only`,
  });
}
