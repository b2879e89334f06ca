/**
 * The framework's floor: a minimal one-page App Router site with the same Next.js
 * and React as the site, written to a temporary folder inside the project's
 * ignored `.bench-build/` (Turbopack compiles nothing outside the workspace root,
 * so the app resolves the site's own node_modules from there). Every figure of
 * the site is compared with this app's; its /padded/<n> page has the site's weight.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

import { ROOT } from "./next-process";

const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "bench-floor", private: true }),
  "next.config.mjs": "export default {};\n",
  "app/layout.jsx": `export const metadata = { title: "Floor", description: "The framework's floor." };
export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
`,
  "app/page.jsx": `export default function Page() {
  return (
    <main>
      <h1>Floor</h1>
      <p>A minimal App Router page, built and served like the site.</p>
    </main>
  );
}
`,
  // The floor's page padded to a given size (/padded/<bytes>): what serving a page of the site's
  // weight costs the framework alone. Rendered on first request, then served from the cache like
  // the floor's own page; the padding is in the HTML and again in the payload, as content is.
  "app/padded/[bytes]/page.jsx": `export const dynamicParams = true;
export function generateStaticParams() {
  return [];
}
export default async function Padded({ params }) {
  const { bytes } = await params;
  return (
    <main>
      <h1>Floor</h1>
      <p>{"x".repeat(Math.max(0, Number(bytes) || 0))}</p>
    </main>
  );
}
`,
};

export function createFloorApp(): { dir: string; remove(): void } {
  mkdirSync(path.join(ROOT, ".bench-build"), { recursive: true });
  const dir = mkdtempSync(path.join(ROOT, ".bench-build", "floor-"));
  for (const [name, text] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
