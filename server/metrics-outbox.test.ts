import { chmodSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { checkOutboxWritable, outboxDepth } from "@/features/contact";
import { createSiteMetrics, OUTBOX_PROBE_TIMEOUT_MS } from "@/lib/metrics/site-metrics.mjs";
import { answerMetrics } from "@/server/metrics-endpoint.mjs";
import { OUTBOX_FAULTS } from "@/test-support/outbox-faults";

/**
 * GET /api/metrics always answers, whatever the contact outbox's folder does: npm start's own
 * metrics answer on a real HTTP server, over a registry whose hooks are the contact feature's real
 * look at the folder and probe write (wired as instrumentation.ts wires them). A folder that cannot
 * be read or written is a 0 in its gauge, the depth keeps its last count, and the log says why.
 */

type Log = { lines: string[]; warn(line: string): void; info(line: string): void; error(line: string): void };

function recordingLog(): Log {
  const lines: string[] = [];
  return {
    lines,
    warn: (line) => lines.push(`warn ${line}`),
    info: (line) => lines.push(`info ${line}`),
    error: (line) => lines.push(`error ${line}`),
  };
}

interface Served {
  origin: string;
  log: Log;
  metrics: ReturnType<typeof createSiteMetrics>;
  close(): Promise<void>;
}

async function serveMetrics(dir: string): Promise<Served> {
  const log = recordingLog();
  const metrics = createSiteMetrics({ log });
  Object.assign(metrics.hooks, {
    outboxCount: () => outboxDepth(dir),
    outboxWritable: () => checkOutboxWritable(dir),
  });
  const server = http.createServer((request, response) => {
    void answerMetrics(request, response, { registry: metrics.registry, token: undefined, headers: [], log });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    log,
    metrics,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A scrape: its status, how long it took, and the value of each unlabelled sample by name. */
async function scrape(origin: string) {
  const started = Date.now();
  const response = await fetch(`${origin}/api/metrics`, { signal: AbortSignal.timeout(15_000) });
  const body = await response.text();
  const values = Object.fromEntries(
    [...body.matchAll(/^(site_contact_outbox_\w+) (\S+)$/gm)].map(([, name, value]) => [name, Number(value)]),
  );
  return { status: response.status, ms: Date.now() - started, body, values };
}

let base: string;
beforeEach(() => {
  base = mkdtempSync(path.join(tmpdir(), "metrics-outbox-"));
});
afterEach(() => {
  try {
    chmodSync(path.join(base, "outbox"), 0o700);
  } catch {
    // Not there, or not a folder.
  }
  rmSync(base, { recursive: true, force: true });
});

describe("GET /api/metrics with the contact outbox", () => {
  test("a usable folder: its depth, readable and writable", async () => {
    const dir = path.join(base, "outbox");
    mkdirSync(dir);
    for (const id of ["a", "b", "c"]) writeFileSync(path.join(dir, `${id}.eml`), "Subject: x\r\n\r\nx\r\n");
    const served = await serveMetrics(dir);
    try {
      const { status, values } = await scrape(served.origin);
      expect(status).toBe(200);
      expect(values).toEqual({
        site_contact_outbox_messages: 3,
        site_contact_outbox_readable: 1,
        site_contact_outbox_writable: 1,
      });
      expect(served.log.lines).toEqual([]);
    } finally {
      await served.close();
    }
  });

  test.each(OUTBOX_FAULTS)(
    "%s: answered at once, the fault in the gauges, its reason logged once",
    async (_, make) => {
      const dir = make(base);
      const served = await serveMetrics(dir);
      try {
        for (let i = 0; i < 3; i++) {
          const { status, ms, values, body } = await scrape(served.origin);
          expect(status).toBe(200);
          expect(ms).toBeLessThan(OUTBOX_PROBE_TIMEOUT_MS);
          expect(values).toMatchObject({ site_contact_outbox_readable: 0, site_contact_outbox_writable: 0 });
          // Every other metric is still there.
          expect(body).toContain("site_http_requests_total");
          expect(body).toContain("process_resident_memory_bytes");
        }
        expect(served.log.lines).toHaveLength(2);
        // The read and the write are probed at once: their lines come in either order.
        const [reading, writing] = [...served.log.lines].sort();
        expect(reading).toMatch(/^warn \[metrics\] reading the contact outbox failed: E[A-Z]+/);
        expect(writing).toContain(
          `warn [metrics] writing into the contact outbox failed: the contact outbox ${dir} cannot be written (E`,
        );
      } finally {
        await served.close();
      }
    },
  );

  test("a folder that breaks keeps its last count, shown as not current, until it is back", async () => {
    const dir = path.join(base, "outbox");
    const elsewhere = path.join(base, "moved");
    mkdirSync(dir);
    for (const id of ["a", "b"]) writeFileSync(path.join(dir, `${id}.eml`), "x");
    const served = await serveMetrics(dir);
    try {
      expect((await scrape(served.origin)).values).toMatchObject({
        site_contact_outbox_messages: 2,
        site_contact_outbox_readable: 1,
      });
      // Moved away and a file left in its place (a deploy that replaced the folder).
      renameSync(dir, elsewhere);
      writeFileSync(dir, "");
      expect((await scrape(served.origin)).values).toEqual({
        site_contact_outbox_messages: 2,
        site_contact_outbox_readable: 0,
        site_contact_outbox_writable: 0,
      });
      rmSync(dir);
      renameSync(elsewhere, dir);
      writeFileSync(path.join(dir, "c.eml"), "x");
      expect((await scrape(served.origin)).values).toEqual({
        site_contact_outbox_messages: 3,
        site_contact_outbox_readable: 1,
        site_contact_outbox_writable: 1,
      });
      expect(served.log.lines.filter((line) => line.startsWith("info"))).toEqual([
        "info [metrics] reading the contact outbox works again",
        "info [metrics] writing into the contact outbox works again",
      ]);
    } finally {
      await served.close();
    }
  });

  test("a look that never answers: the scrape answers within the probes' deadline", async () => {
    const served = await serveMetrics(path.join(base, "outbox"));
    Object.assign(served.metrics.hooks, {
      outboxCount: () => new Promise(() => undefined),
      outboxWritable: () => new Promise(() => undefined),
    });
    try {
      const { status, ms, values } = await scrape(served.origin);
      expect(status).toBe(200);
      expect(ms).toBeLessThan(OUTBOX_PROBE_TIMEOUT_MS + 1000);
      expect(values).toMatchObject({ site_contact_outbox_readable: 0, site_contact_outbox_writable: 0 });
      expect(served.log.lines).toEqual([
        `warn [metrics] reading the contact outbox failed: no answer within ${OUTBOX_PROBE_TIMEOUT_MS} ms`,
        `warn [metrics] writing into the contact outbox failed: no answer within ${OUTBOX_PROBE_TIMEOUT_MS} ms`,
      ]);
    } finally {
      await served.close();
    }
  });
});

describe("GET /api/metrics when the registry fails", () => {
  function failingRegistry(metrics: () => Promise<string>) {
    return { metrics, contentType: "text/plain; version=0.0.4; charset=utf-8" };
  }

  async function serveRegistry(registry: ReturnType<typeof failingRegistry>, timeoutMs?: number) {
    const log = recordingLog();
    const server = http.createServer((request, response) => {
      void answerMetrics(request, response, {
        registry,
        token: undefined,
        headers: [["X-Content-Type-Options", "nosniff"]],
        log,
        timeoutMs,
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    return { origin: `http://127.0.0.1:${port}`, log, close: () => server.close() };
  }

  test("a rejection is a 500 with a short plain-text reason, logged", async () => {
    const served = await serveRegistry(
      failingRegistry(() => Promise.reject(new Error("collect of site_x threw:\n  EIO"))),
    );
    try {
      const response = await fetch(`${served.origin}/api/metrics`, { signal: AbortSignal.timeout(5000) });
      expect(response.status).toBe(500);
      expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(await response.text()).toBe("metrics: collect of site_x threw: EIO\n");
      expect(served.log.lines).toEqual(["error [metrics] not answered: collect of site_x threw: EIO"]);
    } finally {
      served.close();
    }
  });

  test("a registry that never answers is a 500 at the deadline", async () => {
    const served = await serveRegistry(
      failingRegistry(() => new Promise(() => undefined)),
      200,
    );
    try {
      const started = Date.now();
      const response = await fetch(`${served.origin}/api/metrics`, { signal: AbortSignal.timeout(5000) });
      expect(Date.now() - started).toBeLessThan(2000);
      expect(response.status).toBe(500);
      expect(await response.text()).toBe("metrics: not collected within 200 ms\n");
      expect(served.log.lines).toEqual(["error [metrics] not answered: not collected within 200 ms"]);
    } finally {
      served.close();
    }
  });
});
