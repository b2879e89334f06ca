import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";

import { spawnContentServer, type ContentServer } from "@vifargent/content-api/spawn";

import { expect, test } from "./fixtures";
import { startFaultProxy, type FaultProxy } from "./helpers/fault-proxy";
import { startSiteServer, waitFor, type SiteServer } from "./helpers/site-server";

/**
 * A deploy stops an instance with SIGTERM: `npm start` stops accepting
 * connections, answers the requests it has in flight, then exits 0. The request
 * in flight here is the first render of a work whose content answers slowly.
 */

const SLOW_MS = 3000;
let content: ContentServer;
let contentDir: string;
let proxy: FaultProxy;
let site: SiteServer;

test.beforeAll(async () => {
  contentDir = path.join(mkdtempSync(path.join(tmpdir(), "shutdown-content-")), "content");
  cpSync(path.resolve(__dirname, "../content"), contentDir, { recursive: true });
  content = await spawnContentServer({ dir: contentDir });
  proxy = await startFaultProxy(content.origin, SLOW_MS);
  site = await startSiteServer({ PRISMIC_ENDPOINT: `${proxy.origin}/api/v2` });
});

test.afterAll(async () => {
  await site?.stop();
  await proxy?.close();
  await content?.stop();
  if (contentDir) rmSync(path.dirname(contentDir), { recursive: true, force: true });
});

/** A GET on a connection of its own; resolves with the status and body, or rejects with the socket error. */
function get(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      response.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

test("on SIGTERM the server refuses new connections, finishes the request in flight and exits 0", async () => {
  test.setTimeout(60_000);
  const uid = `arret-en-douceur-${Date.now().toString(36)}`;
  const work = JSON.parse(
    readFileSync(path.join(contentDir, "documents/project.electrique.fr-fr.json"), "utf8"),
  );
  Object.assign(work, { id: "GracefulStop0001", uid, slugs: [uid], alternate_languages: [] });
  work.data.title = "Arrêt en douceur";
  writeFileSync(path.join(contentDir, `documents/project.${uid}.fr-fr.json`), JSON.stringify(work));

  proxy.set("slow");
  const started = Date.now();
  const inFlight = get(`${site.origin}/works/${uid}`);
  // In flight: its render is waiting on the content service (the proxy holds the request).
  await waitFor(async () => proxy.held() > 0, 20_000, "the render asking the content service");
  const exited = new Promise<number | null>((resolve) => site.process.once("exit", resolve));
  site.process.kill("SIGTERM");
  // The server prints this line and closes its listener in one step.
  await waitFor(
    async () => site.output().includes("[server] SIGTERM: no new connections"),
    10_000,
    "the server taking the signal",
  );

  // No new connection is accepted while the request in flight is answered.
  await expect(get(`${site.origin}/robots.txt`)).rejects.toThrow(/ECONNREFUSED/);

  const answer = await inFlight;
  expect(answer.status).toBe(200);
  expect(answer.body).toContain("Arrêt en douceur");
  expect(Date.now() - started).toBeGreaterThanOrEqual(SLOW_MS);
  expect(await exited).toBe(0);
  expect(site.output()).toContain("[server] SIGTERM: no new connections; finishing the requests in flight");
  expect(site.output()).toContain("[server] every request answered: exiting");
});
