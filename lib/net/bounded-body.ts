/**
 * Reads a request body as UTF-8 text, never more than a limit: a declared
 * Content-Length over it is refused before reading, and a chunked body is cut
 * off as soon as it passes it, so a huge upload costs the server nothing.
 */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`The body is larger than ${limit} bytes`);
    this.name = "BodyTooLargeError";
  }
}

export async function readTextUpTo(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLargeError(limit);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new BodyTooLargeError(limit);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  // Not UTF-8: a TypeError, which callers answer like any malformed body.
  return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
}
