/**
 * The repository explains itself: every link between its own docs leads to a file that exists and,
 * with a fragment, to a heading that exists there; every citation of a section of
 * docs/product.md (in code or docs) names a section it has; and nothing cites what a reader of the
 * repository does not have (an issue number, the specification or design notes it was built from).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const ROOT = __dirname;

const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" })
  .split("\0")
  .filter((file) => file && existsSync(path.join(ROOT, file)));

const TEXT = /\.(md|ts|tsx|mjs|js|css|conf|sh|service|timer|yml|json|example)$/;
const texts = tracked.filter((file) => TEXT.test(file) && file !== "package-lock.json");
const markdown = tracked.filter((file) => file.endsWith(".md"));

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, "")
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** The anchors a Markdown file offers: one per heading outside code blocks (repeats get -1, -2). */
export function anchors(markdownText: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  let fenced = false;
  for (const line of markdownText.split("\n")) {
    if (line.startsWith("```")) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

/** `[text](target)` links of a Markdown text, outside code blocks and inline code. */
export function links(markdownText: string): string[] {
  const found: string[] = [];
  let fenced = false;
  for (const line of markdownText.split("\n")) {
    if (line.startsWith("```")) fenced = !fenced;
    if (fenced) continue;
    const prose = line.replace(/`[^`]*`/g, "");
    for (const match of prose.matchAll(/\]\(([^)\s]+)\)/g)) found.push(match[1]);
  }
  return found;
}

const anchorsOf = new Map<string, Set<string>>();
function anchorsIn(file: string): Set<string> {
  if (!anchorsOf.has(file)) anchorsOf.set(file, anchors(readFileSync(path.join(ROOT, file), "utf8")));
  return anchorsOf.get(file)!;
}

/** What is wrong with a link from `from` (a repository file) to `target`, or undefined. */
function brokenLink(from: string, target: string): string | undefined {
  if (/^[a-z][a-z+.-]*:/i.test(target)) return undefined; // https:, mailto: … are not ours to check
  const [file, fragment] = target.split("#", 2);
  const resolved = file ? path.normalize(path.join(path.dirname(from), decodeURI(file))) : from;
  if (resolved.startsWith("..")) return `${from}: ${target} leaves the repository`;
  if (!existsSync(path.join(ROOT, resolved))) return `${from}: ${target} (no ${resolved})`;
  if (fragment === undefined) return undefined;
  if (statSync(path.join(ROOT, resolved)).isDirectory() || !resolved.endsWith(".md"))
    return `${from}: ${target} (a fragment on something that is not a Markdown file)`;
  if (!anchorsIn(resolved).has(fragment))
    return `${from}: ${target} (no heading #${fragment} in ${resolved})`;
  return undefined;
}

describe("the repository's docs", () => {
  it("finds the docs it checks", () => {
    expect(markdown).toEqual(expect.arrayContaining(["README.md", "docs/product.md"]));
    expect(markdown.length).toBeGreaterThan(20);
  });

  it("every link between the repository's own files leads to a file, and a heading when it names one", () => {
    const broken = markdown.flatMap((file) =>
      links(readFileSync(path.join(ROOT, file), "utf8"))
        .map((target) => brokenLink(file, target))
        .filter((problem): problem is string => problem !== undefined),
    );
    expect(broken).toEqual([]);
  });

  it("every citation of a section of docs/product.md names a section it has", () => {
    const sections = anchorsIn("docs/product.md");
    const cited = texts.flatMap((file) =>
      [...readFileSync(path.join(ROOT, file), "utf8").matchAll(/docs\/product\.md#([\w-]+)/g)].map(
        (match) => ({ file, anchor: match[1] }),
      ),
    );
    expect(cited.length).toBeGreaterThan(5);
    expect(cited.filter(({ anchor }) => !sections.has(anchor))).toEqual([]);
  });

  it("nothing cites an issue number or a document the repository does not hold", () => {
    // The specification and design notes the site was first built from are not in the repository.
    const outside = [/\bissues? #?\d+\b/i, /\bthe spec('s)?\b/i, /\bSPEC\b|\bSPEC\.md\b|\bDESIGN\.md\b/];
    const citing = texts
      .filter((file) => file !== "docs.test.ts")
      .flatMap((file) =>
        readFileSync(path.join(ROOT, file), "utf8")
          .split("\n")
          .flatMap((line, index) =>
            outside.some((pattern) => pattern.test(line)) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
          ),
      );
    expect(citing).toEqual([]);
  });
});

describe("the doc checks themselves", () => {
  it("make GitHub's anchors", () => {
    expect([
      ...anchors(
        "# What the site must do\n## Languages and addresses\n```\n# not a heading\n```\n## Languages and addresses",
      ),
    ]).toEqual(["what-the-site-must-do", "languages-and-addresses", "languages-and-addresses-1"]);
    expect(slug("Editors: previews, publishing, `redirects` and the models")).toBe(
      "editors-previews-publishing-redirects-and-the-models",
    );
  });

  it("find links outside code only", () => {
    expect(links("See [a](a.md#b) and `[c](d.md)`.\n```\n[e](f.md)\n```\n[g](https://x.test)")).toEqual([
      "a.md#b",
      "https://x.test",
    ]);
  });

  it("name a missing file, a missing heading and a way out of the repository", () => {
    expect(brokenLink("docs/editors.md", "nothing.md")).toMatch(/no docs\/nothing\.md/);
    expect(brokenLink("docs/editors.md", "product.md#no-such-section")).toMatch(
      /no heading #no-such-section/,
    );
    expect(brokenLink("README.md", "../outside.md")).toMatch(/leaves the repository/);
    expect(brokenLink("README.md", "docs/product.md#consent")).toBeUndefined();
  });
});
