/**
 * @jest-environment jsdom
 */
import {
  analyticsCookieNames,
  CONSENT_MODE_DEFAULTS,
  cookieDomains,
  startAnalytics,
  stopAnalytics,
} from "./analytics";

const ID = "G-TEST1234";

/** What the inline head script does on a real page. */
function runConsentDefaults() {
  new Function(CONSENT_MODE_DEFAULTS)();
}

const commands = () => (window.dataLayer ?? []).map((entry) => Array.from(entry as IArguments));
const gtagScripts = () =>
  document.querySelectorAll('script[src^="https://www.googletagmanager.com/gtag/js"]');

describe("analytics under consent", () => {
  beforeAll(runConsentDefaults);

  it("denies every consent type by default, before any tag", () => {
    expect(commands()[0]).toEqual([
      "consent",
      "default",
      expect.objectContaining({
        ad_storage: "denied",
        ad_user_data: "denied",
        ad_personalization: "denied",
        analytics_storage: "denied",
      }),
    ]);
    expect(gtagScripts()).toHaveLength(0);
  });

  it("loads the tag once, however often analytics is enabled, and grants analytics storage", () => {
    startAnalytics(ID);
    startAnalytics(ID);
    expect(gtagScripts()).toHaveLength(1);
    expect(gtagScripts()[0].getAttribute("src")).toBe(`https://www.googletagmanager.com/gtag/js?id=${ID}`);
    expect(commands()).toContainEqual(["consent", "update", { analytics_storage: "granted" }]);
    expect(commands().filter(([command]) => command === "config")).toEqual([["config", ID]]);
    expect((window as unknown as Record<string, unknown>)[`ga-disable-${ID}`]).toBe(false);
  });

  it("stops the tag and removes its cookies when analytics is disabled", () => {
    document.cookie = "_ga=GA1.1.123.456; path=/";
    document.cookie = "_ga_ABC123=GS1.1.789; path=/";
    document.cookie = "_gid=GA1.1.1; path=/";
    document.cookie = "vifargent_consent=%7B%7D; path=/";
    document.cookie = "garden=kept; path=/";
    stopAnalytics(ID);
    expect(commands().at(-1)).toEqual(["consent", "update", { analytics_storage: "denied" }]);
    expect((window as unknown as Record<string, unknown>)[`ga-disable-${ID}`]).toBe(true);
    expect(document.cookie.split("; ").sort()).toEqual(["garden=kept", "vifargent_consent=%7B%7D"]);
  });

  it("knows GA's cookie names", () => {
    expect(
      analyticsCookieNames(["_ga", "_ga_X1Y2", "_gid", "_gat_UA-1", "_gallery", "ga", "session"]),
    ).toEqual(["_ga", "_ga_X1Y2", "_gid", "_gat_UA-1"]);
  });

  it("lists the host and each parent domain a cookie may sit on", () => {
    expect(cookieDomains("www.vifargent.example.co.uk")).toEqual([
      "www.vifargent.example.co.uk",
      "vifargent.example.co.uk",
      "example.co.uk",
      "co.uk",
    ]);
    expect(cookieDomains("vifargent.fr")).toEqual(["vifargent.fr"]);
    expect(cookieDomains("localhost")).toEqual([]);
    expect(cookieDomains("127.0.0.1")).toEqual([]);
    expect(cookieDomains("::1")).toEqual([]);
  });
});
