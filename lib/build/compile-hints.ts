import { access, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import vm from "node:vm";

/**
 * Chromium's per-file compile hint: a script that starts with this comment has each of its
 * functions compiled on the thread that streams the file in, as it arrives, instead of on the
 * main thread at each function's first call. Other browsers read a comment.
 */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/** `source` with the hint as its first line (once: a file that has it is returned as it is). */
export function withCompileHint(source: string): string {
  return source.startsWith(COMPILE_HINT) ? source : COMPILE_HINT + source;
}

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === "string");

/** The full paths of the files under `dir` whose names end with `suffix`. */
async function filesEndingWith(dir: string, suffix: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(suffix))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * The script files a page's HTML has the browser run as it starts, in the build folder `distDir`:
 * the framework's, which every page runs (the build manifest's `rootMainFiles`: React, the router,
 * the bundler's runtime), and each route segment's own (its layout's, page's and boundaries'
 * client components: `entryJSFiles` in the client reference manifests, which Next writes as a
 * script assigning one object). A chunk loaded on demand (a dynamic `import()`) is in neither.
 * A manifest of another shape stops the build with its reason: the hint would be lost unnoticed.
 */
export async function startupFiles(distDir: string): Promise<string[]> {
  const buildManifest = path.join(distDir, "build-manifest.json");
  const root = (JSON.parse(await readFile(buildManifest, "utf8")) as { rootMainFiles?: unknown })
    .rootMainFiles;
  if (!isStringList(root) || root.length === 0)
    throw new Error(
      `${buildManifest} names no rootMainFiles (the framework's files): Next's build manifest changed`,
    );
  const files = new Set(root);
  const manifests = await filesEndingWith(path.join(distDir, "server/app"), "_client-reference-manifest.js");
  if (manifests.length === 0)
    throw new Error(
      `no client reference manifest under ${path.join(distDir, "server/app")}: Next's build output changed`,
    );
  for (const manifestPath of manifests) {
    const context: { __RSC_MANIFEST?: Record<string, { entryJSFiles?: unknown }> } = {};
    vm.runInNewContext(await readFile(manifestPath, "utf8"), context, {
      filename: manifestPath,
      timeout: 1000,
    });
    const routes = Object.values(context.__RSC_MANIFEST ?? {});
    if (routes.length === 0)
      throw new Error(`${manifestPath} sets no __RSC_MANIFEST entry: Next's manifest changed`);
    for (const { entryJSFiles } of routes) {
      const lists =
        typeof entryJSFiles === "object" && entryJSFiles !== null ? Object.values(entryJSFiles) : undefined;
      if (!lists?.every(isStringList))
        throw new Error(`${manifestPath} has no entryJSFiles lists: Next's manifest changed`);
      for (const file of lists.flat()) files.add(file);
    }
  }
  const scripts = [...files].filter((file) => file.endsWith(".js")).sort();
  // (Next names them under static/; anything else is not a file of its build's to edit)
  const stray = scripts.find(
    (file) => !/^static\/(?:[\w.-]+\/)*[\w.-]+\.js$/.test(file) || file.includes(".."),
  );
  if (stray !== undefined) throw new Error(`a manifest names ${stray}, not a file under static/`);
  return scripts;
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/**
 * The hint given to the files pages run as they start (`startupFiles`), in the build folder
 * `distDir`. Lazily compiled, they spent most of the task that starts a page compiling, on the main
 * thread (bench/README.md, "What the main thread does after the first paint"). Chunks loaded on
 * demand keep lazy compiling: eager compilation costs memory for every function of a file, called
 * or not. Returns the files changed, relative to `distDir`.
 */
export async function hintStartupFiles(distDir: string): Promise<string[]> {
  const changed: string[] = [];
  for (const file of await startupFiles(distDir)) {
    const filePath = path.join(distDir, file);
    const source = await readFile(filePath, "utf8");
    const hinted = withCompileHint(source);
    if (hinted === source) continue;
    // A line added after Next hashed the file would move a browser source map (Turbopack writes
    // index maps, in sections) and break a subresource integrity hash: neither is built here.
    if (await exists(`${filePath}.map`))
      throw new Error(`${file} has a source map, which the compile hint would shift: not supported`);
    await writeFile(filePath, hinted);
    changed.push(file);
  }
  return changed;
}
