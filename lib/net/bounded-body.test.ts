import { BodyTooLargeError, readTextUpTo } from "@/lib/net/bounded-body";

/** A request whose body arrives in the given chunks, without a Content-Length (as chunked uploads do). */
function chunked(chunks: Uint8Array[]) {
  let pulled = 0;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled < chunks.length) controller.enqueue(chunks[pulled++]);
      else controller.close();
    },
    cancel() {
      cancelled = true;
    },
  });
  const request = new Request("http://127.0.0.1/api/revalidate", {
    method: "POST",
    body,
    duplex: "half",
  } as RequestInit);
  return { request, pulled: () => pulled, cancelled: () => cancelled };
}

describe("readTextUpTo", () => {
  it("reads a body within the limit as text", async () => {
    const request = new Request("http://127.0.0.1/", { method: "POST", body: '{"secret":"é"}' });
    await expect(readTextUpTo(request, 1024)).resolves.toBe('{"secret":"é"}');
  });

  it("refuses a declared Content-Length over the limit before reading", async () => {
    const request = new Request("http://127.0.0.1/", {
      method: "POST",
      body: "x".repeat(10),
      headers: { "content-length": "999999" },
    });
    await expect(readTextUpTo(request, 1024)).rejects.toBeInstanceOf(BodyTooLargeError);
  });

  it("stops reading a chunked body as soon as it passes the limit", async () => {
    const chunk = new Uint8Array(600).fill(120);
    const upload = chunked([chunk, chunk, chunk, chunk, chunk]);
    await expect(readTextUpTo(upload.request, 1000)).rejects.toThrow("larger than 1000 bytes");
    expect(upload.pulled()).toBeLessThanOrEqual(3);
    expect(upload.cancelled()).toBe(true);
  });

  it("rejects bytes that are not UTF-8", async () => {
    const request = new Request("http://127.0.0.1/", {
      method: "POST",
      body: new Uint8Array([0x7b, 0xff, 0x7d]),
    });
    await expect(readTextUpTo(request, 1024)).rejects.toMatchObject({ name: "TypeError" });
  });
});
