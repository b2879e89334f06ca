/**
 * The layers point one way, `app/` → `slices/` → `features/` → `components/` → `lib/`, and lint
 * is what holds them: each import against that direction, in every spelling a file could use, is
 * an error that says what to do instead; the same imports the right way round are clean.
 */
import { spawnSync } from "node:child_process";

/**
 * ESLint's API in a Node process of its own (it loads its config with a dynamic import, which
 * Jest's module sandbox refuses): each [file, specifier] linted as a file at that path importing
 * that specifier; the no-restricted-imports messages of each, in order.
 */
function restrictions(cases: Array<[string, string]>): string[][] {
  const program = `
    const { ESLint } = require("eslint");
    const cases = JSON.parse(require("node:fs").readFileSync(0, "utf8"));
    const eslint = new ESLint();
    Promise.all(cases.map(async ([filePath, specifier]) => {
      const source = 'import * as target from "' + specifier + '";\\nexport const x = target;\\n';
      const [result] = await eslint.lintText(source, { filePath });
      return result.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
    })).then((out) => process.stdout.write(JSON.stringify(out)));
  `;
  const run = spawnSync(process.execPath, ["-e", program], {
    cwd: __dirname,
    input: JSON.stringify(cases),
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`eslint failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as string[][];
}

const WRONG: Array<[string, string, RegExp]> = [
  ["components/button/x.tsx", "@/features/rich-text", /take the feature's piece as a prop/],
  ["components/button/x.tsx", "../../features/video", /take the feature's piece as a prop/],
  ["components/button/x.tsx", "@/slices/Text", /components\/ is below/],
  ["components/button/x.tsx", "@/app/[lang]/page", /components\/ is below/],
  ["features/works/x.ts", "@/app/[lang]/page", /never routes or slices/],
  ["features/works/x.ts", "@/slices/Text", /never routes or slices/],
  ["features/works/x.ts", "@/features/video/video-player", /its public face/],
  ["slices/Text/x.tsx", "@/app/[lang]/page", /slices\/ never imports app\//],
  ["lib/site/x.ts", "@/features/consent", /lib\/ is shared code/],
  ["lib/site/x.ts", "@/components/icon/icon", /lib\/ is shared code/],
  ["lib/site/x.ts", "@/prismicio", /never imports the project's root files/],
  ["lib/site/x.ts", "../../prismicio", /never imports the project's root files/],
  ["lib/x.ts", "../proxy", /never imports the project's root files/],
  ["lib/site/x.ts", "@/instrumentation", /never imports the project's root files/],
  ["lib/cache/x.ts", "../../next.config.ts", /never imports the project's root files/],
  ["lib/fonts/tools/x.ts", "@/features/contact", /lib\/ is shared code/],
  ["lib/fonts/tools/x.ts", "@/prismicio", /never imports the project's root files/],
  ["features/accessibility/audit/x.ts", "@/app/[lang]/page", /never imports routes or slices/],
  ["features/accessibility/audit/x.ts", "../../../e2e/helpers/content", /Tools never import e2e\//],
  ["features/accessibility/audit/x.ts", "@/features/consent/consent-notice", /its public face/],
];

const RIGHT: Array<[string, string]> = [
  ["app/[lang]/x.tsx", "@/features/works"],
  ["app/[lang]/x.tsx", "@/slices"],
  ["slices/Text/x.tsx", "@/features/rich-text"],
  ["features/works/x.ts", "@/features/video"],
  ["features/works/x.ts", "@/components/icon/icon"],
  ["components/button/x.tsx", "@/lib/i18n/locales"],
  ["lib/site/x.ts", "@/lib/prismic/client"],
  ["prismicio.ts", "@/lib/prismic/client"],
  ["features/accessibility/audit/x.ts", "../audit-results"],
  ["features/accessibility/audit/x.ts", "@/test-support/axe"],
];

describe("layer boundaries", () => {
  let wrong: string[][];
  let right: string[][];
  beforeAll(() => {
    const all = restrictions([
      ...WRONG.map(([file, specifier]) => [file, specifier] as [string, string]),
      ...RIGHT,
    ]);
    wrong = all.slice(0, WRONG.length);
    right = all.slice(WRONG.length);
  }, 60_000);

  it.each(WRONG.map((row, index) => [...row, index] as const))(
    "%s importing %s is a lint error that says what to do",
    (_file, _specifier, advice, index) => {
      expect(wrong[index]).toHaveLength(1);
      expect(wrong[index][0]).toMatch(advice);
    },
  );

  it.each(RIGHT.map((row, index) => [...row, index] as const))(
    "%s importing %s is clean",
    (_file, _specifier, index) => {
      expect(right[index]).toEqual([]);
    },
  );
});
