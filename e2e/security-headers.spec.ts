import type { Page } from "@playwright/test";

import { hydrated } from "../test-support/settle";
import { expect, test } from "./fixtures";
import { CONSENT_COOKIE } from "./helpers/consent";
import { pages } from "./helpers/content";
import { changedProject, previewLink } from "./helpers/release";

/**
 * Security headers on every response, and a Content-Security-Policy that the
 * site itself never trips: with consent refused, with everything allowed (the
 * analytics tag and a video player loaded), and for an editor in preview.
 */

const PLAYER_ORIGINS = ["https://www.youtube-nocookie.com", "https://player.vimeo.com"];

/** The directives of a Content-Security-Policy header, each with its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name.toLowerCase(), sources]),
  );
}

function expectSecurityHeaders(headers: Record<string, string>, where: string) {
  expect(headers["strict-transport-security"], where).toMatch(/^max-age=(\d{8,}); includeSubDomains$/);
  expect(headers["x-content-type-options"], where).toBe("nosniff");
  expect(headers["referrer-policy"], where).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"], where).toContain("camera=()");
  expect(headers["permissions-policy"], where).toContain("geolocation=()");
  expect(headers["permissions-policy"], where).toContain("microphone=()");
  expect(headers["x-powered-by"], where).toBeUndefined();
  const csp = directives(headers["content-security-policy"] ?? "");
  for (const [name, sources] of csp) {
    expect(sources, `${where}: ${name}`).not.toContain("'unsafe-eval'");
    expect(sources, `${where}: ${name}`).not.toContain("*");
  }
  return csp;
}

/** The site's policy: its own origin, the two players, Google's tag when analytics is configured (it is here). */
function expectSitePolicy(csp: Map<string, string[]>, where: string, analytics = true) {
  expect(csp.get("default-src"), where).toEqual(["'self'"]);
  expect(csp.get("object-src"), where).toEqual(["'none'"]);
  expect(csp.get("base-uri"), where).toEqual(["'self'"]);
  expect(csp.get("form-action"), where).toEqual(["'self'"]);
  expect(csp.get("frame-src"), where).toEqual(PLAYER_ORIGINS);
  expect(csp.get("script-src"), where).toEqual([
    "'self'",
    "'unsafe-inline'",
    ...(analytics ? ["https://*.googletagmanager.com"] : []),
  ]);
}

test("every page, 404, API, file and asset carries the security headers and no X-Powered-By", async ({
  request,
}) => {
  const chunk = (await (await request.get("/")).text()).match(/\/_next\/static\/[^"]+\.js/)?.[0];
  expect(chunk).toBeTruthy();
  const paths = [
    ...pages.map((page) => page.path),
    "/some-scanner-probe",
    "/en/works/no-such-work",
    "/works?page=999",
    "/robots.txt",
    "/sitemap.xml",
    "/api/exit-preview",
    "/api/revalidate",
    chunk!,
  ];
  for (const path of paths) {
    const response = await request.get(path, { maxRedirects: 0 });
    const csp = expectSecurityHeaders(response.headers(), path);
    expectSitePolicy(csp, path);
    expect(csp.get("frame-ancestors"), path).toEqual(["'none'"]);
  }
  // Optimised images keep Next's own, stricter policy: nothing in them may run.
  const image = "/_next/image?url=%2Fassets%2Fhero-background.jpg&w=640&q=75";
  const csp = expectSecurityHeaders((await request.get(image)).headers(), image);
  expect(csp.get("script-src")).toEqual(["'none'"]);
  expect(csp.has("sandbox")).toBe(true);
});

test("only the slice simulator may be framed, and only by Slice Machine and Prismic", async ({ request }) => {
  const response = await request.get("/slice-simulator");
  const csp = expectSecurityHeaders(response.headers(), "/slice-simulator");
  // Editors' tool: no analytics there.
  expectSitePolicy(csp, "/slice-simulator", false);
  expect(csp.get("frame-ancestors")).toEqual(["'self'", "http://localhost:9999", "https://*.prismic.io"]);
});

/** Collects every CSP violation and every header complaint the browser reports on a page. */
async function watchPolicies(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || "inline"}`);
    });
  });
  page.on("console", (message) => {
    if (/Content Security Policy|CSP violation|Permissions-Policy|Permissions Policy/i.test(message.text()))
      problems.push(`${page.url()}: ${message.text()}`);
  });
  // Stand-ins for Google's tag and the players: the browser checks the policy before any request.
  await page.route("https://www.googletagmanager.com/**", (route) =>
    route.fulfill({ contentType: "text/javascript", body: "window.__tagLoaded = true;" }),
  );
  await page.route(
    (url) => PLAYER_ORIGINS.includes(url.origin),
    (route) => route.fulfill({ contentType: "text/html", body: "<!doctype html><title>player</title>" }),
  );
  return problems;
}

/** One page of each type in each language, and a 404. */
const samplePaths = [
  ...new Map(pages.map((page) => [`${page.lang} ${page.doc.type}`, page.path])).values(),
  "/some-scanner-probe",
];

async function visitAll(page: Page) {
  for (const path of samplePaths) {
    await page.goto(path);
    await hydrated(page);
    await page.waitForLoadState("networkidle");
  }
}

const choices = (allowed: boolean) =>
  encodeURIComponent(
    JSON.stringify({ necessary: true, analytics: allowed, youtube: allowed, vimeo: allowed }),
  );

test("no page trips the policy with consent refused", async ({ page, context }) => {
  const problems = await watchPolicies(page);
  await context.addCookies([{ name: CONSENT_COOKIE, value: choices(false), url: "http://127.0.0.1/" }]);
  await visitAll(page);
  expect(problems).toEqual([]);
});

test("no page trips the policy with everything allowed, Google's tag and a player loaded", async ({
  page,
  context,
}) => {
  const problems = await watchPolicies(page);
  await context.addCookies([{ name: CONSENT_COOKIE, value: choices(true), url: "http://127.0.0.1/" }]);
  await visitAll(page);
  expect(await page.evaluate(() => (window as unknown as { __tagLoaded?: boolean }).__tagLoaded)).toBe(true);

  const withPlayer = pages.find(
    (candidate) =>
      candidate.doc.type === "project" &&
      /"provider_name":"(YouTube|Vimeo)"/.test(JSON.stringify(candidate.doc.data)),
  );
  await page.goto(withPlayer!.path);
  // The play button is the client's.
  await hydrated(page);
  await page
    .getByRole("button", { name: /lire|play/i })
    .first()
    .click();
  await expect(page.locator("iframe")).toHaveCount(1);
  await expect
    .poll(() =>
      page
        .frames()
        // A frame just created has no URL yet (""), which is no address to parse.
        .find((frame) => URL.canParse(frame.url()) && PLAYER_ORIGINS.includes(new URL(frame.url()).origin))
        ?.title(),
    )
    .toBe("player");
  expect(problems).toEqual([]);
});

test("an editor's preview trips no policy either", async ({ page }) => {
  const problems = await watchPolicies(page);
  await page.goto(previewLink(changedProject.id));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(changedProject.draftTitle);
  await page.waitForLoadState("networkidle");
  for (const path of ["/", "/works", "/en/works"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  expect(problems).toEqual([]);
});
