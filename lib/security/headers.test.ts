import {
  baseHeaders,
  contentSecurityPolicy,
  permissionsPolicy,
  securityHeaderRules,
} from "@/lib/security/headers";
import { SLICE_SIMULATOR_PATH } from "@/lib/security/slice-simulator-access";

function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split("; ").map((part) => {
      const [name, ...sources] = part.split(" ");
      return [name, sources];
    }),
  );
}

describe("security headers", () => {
  it("gives visitors a policy of the site's own origin, the two players and nothing that evaluates code", () => {
    const csp = directives(contentSecurityPolicy({ analytics: false, toolbar: false }));
    expect(csp["default-src"]).toEqual(["'self'"]);
    expect(csp["script-src"]).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp["connect-src"]).toEqual(["'self'"]);
    expect(csp["frame-src"]).toEqual(["https://www.youtube-nocookie.com", "https://player.vimeo.com"]);
    expect(csp["object-src"]).toEqual(["'none'"]);
    expect(csp["base-uri"]).toEqual(["'self'"]);
    expect(csp["form-action"]).toEqual(["'self'"]);
    expect(csp["frame-ancestors"]).toEqual(["'none'"]);
    expect(Object.values(csp).flat()).not.toContain("'unsafe-eval'");
  });

  it("allows Google's tag and its hits only when analytics is configured", () => {
    const csp = directives(contentSecurityPolicy({ analytics: true, toolbar: false }));
    expect(csp["script-src"]).toContain("https://*.googletagmanager.com");
    expect(csp["connect-src"]).toContain("https://*.google-analytics.com");
    expect(csp["img-src"]).toContain("https://*.google-analytics.com");
    expect(Object.values(csp).flat().join(" ")).not.toContain("prismic.io/");
  });

  it("allows Prismic's toolbar for editors in draft mode on a hosted repository only", () => {
    const [visitors, editors, simulator] = securityHeaderRules({ analytics: true, hosted: true });
    const policyOf = (rule: { headers: Array<{ key: string; value: string }> }) =>
      directives(rule.headers.find((header) => header.key === "Content-Security-Policy")!.value);
    expect(visitors.has).toBeUndefined();
    expect(policyOf(visitors)["script-src"]).not.toContain("https://static.cdn.prismic.io");
    expect(editors.has).toEqual([{ type: "cookie", key: "__prerender_bypass" }]);
    expect(policyOf(editors)["script-src"]).toContain("https://static.cdn.prismic.io");
    expect(policyOf(editors)["frame-src"]).toContain("https://*.prismic.io");
    expect(policyOf(editors)["frame-ancestors"]).toEqual(["'none'"]);
    // The bundled repository has no toolbar: no editors' rule at all.
    expect(securityHeaderRules({ analytics: true, hosted: false }).map((rule) => rule.has)).toEqual([
      undefined,
      undefined,
    ]);
    // Last: the simulator's frame-ancestors win over the site-wide rule.
    expect(simulator.source).toBe(SLICE_SIMULATOR_PATH);
    expect(policyOf(simulator)["frame-ancestors"]).toEqual([
      "'self'",
      "http://localhost:9999",
      "https://*.prismic.io",
    ]);
    expect(simulator.headers).toContainEqual({ key: "X-Robots-Tag", value: "noindex, nofollow" });
  });

  it("denies the features the site does not use and keeps the players' own", () => {
    const policy = permissionsPolicy();
    for (const feature of ["camera", "microphone", "geolocation", "payment", "usb", "browsing-topics"])
      expect(policy).toContain(`${feature}=()`);
    expect(policy).toContain(
      'fullscreen=(self "https://www.youtube-nocookie.com" "https://player.vimeo.com")',
    );
    expect(policy).not.toMatch(/interest-cohort/);
  });

  it("sends HSTS for two years, nosniff and a strict referrer policy", () => {
    expect(Object.fromEntries(baseHeaders().map(({ key, value }) => [key, value]))).toMatchObject({
      "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
    });
  });
});
