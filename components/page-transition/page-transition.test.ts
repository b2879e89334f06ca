import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Writable } from "node:stream";
import { createElement } from "react";
import { renderToPipeableStream } from "react-dom/server";

import { PageTransition } from "@/components/page-transition/page-transition";

/** Server-renders like Next does on first load (streaming, so view transition hints are emitted). */
function serverRender(element: ReturnType<typeof createElement>): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = "";
    const sink = new Writable({
      write(chunk, _encoding, done) {
        html += chunk;
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(element, { onAllReady: () => stream.pipe(sink), onError: reject });
  });
}

const stylesheet = readFileSync(join(__dirname, "page-transition.css"), "utf8");

/** The declarations of the first rule whose selector list contains `selector`, within `css`. */
function declarations(css: string, selector: string): string {
  const rule = css.match(new RegExp(`[^{}]*${selector.replace(/[().]/g, "\\$&")}[^{}]*\\{([^}]*)\\}`));
  if (!rule) throw new Error(`no rule for ${selector}`);
  return rule[1];
}

describe("PageTransition", () => {
  it("renders the page, with the page transition switched off in first-load HTML", async () => {
    const html = await serverRender(createElement(PageTransition, null, createElement("main", null, "Home")));
    expect(html).toContain(">Home</main>");
    // React animates streamed Suspense reveals using these hints; "none" keeps first load still.
    expect(html).toContain('vt-update="none"');
    expect(html).not.toMatch(/vt-(update|share|enter|exit)="page"/);
  });

  it("fades the old page out in 180 ms, then the new one in over 220 ms", () => {
    expect(declarations(stylesheet, "::view-transition-old(.page)")).toMatch(
      /180ms\s+ease-in\s+both\s+page-fade-out/,
    );
    // Out-in: the new page's 180 ms delay waits for the old page to be gone.
    expect(declarations(stylesheet, "::view-transition-new(.page)")).toMatch(
      /220ms\s+ease-out\s+180ms\s+both\s+page-fade-in/,
    );
  });

  it("does not animate under prefers-reduced-motion", () => {
    const reduced = stylesheet.split("@media (prefers-reduced-motion: reduce)")[1] ?? "";
    for (const pseudo of ["group", "old", "new"]) {
      expect(declarations(reduced, `::view-transition-${pseudo}(.page)`)).toMatch(/animation:\s*none/);
    }
  });
});
