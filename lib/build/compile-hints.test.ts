import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { COMPILE_HINT, hintStartupFiles, startupFiles, withCompileHint } from "./compile-hints";

/** A build folder as Next writes it: the build manifest and a client reference manifest per route. */
describe("compile hints", () => {
  let dist: string;
  beforeEach(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), "compile-hints-"));
    await mkdir(path.join(dist, "static/chunks"), { recursive: true });
    await mkdir(path.join(dist, "server/app/[lang]/legals"), { recursive: true });
  });
  afterEach(() => rm(dist, { recursive: true, force: true }));

  const write = (file: string, text: string) => writeFile(path.join(dist, file), text);
  const read = (file: string) => readFile(path.join(dist, file), "utf8");
  const buildManifest = (value: unknown) => write("build-manifest.json", JSON.stringify(value));
  const routeManifest = (file: string, route: string, entryJSFiles: unknown) =>
    write(
      file,
      `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\n` +
        `globalThis.__RSC_MANIFEST[${JSON.stringify(route)}] = ${JSON.stringify({ clientModules: {}, entryJSFiles })};\n`,
    );

  async function site() {
    await buildManifest({
      rootMainFiles: ["static/chunks/framework.js", "static/chunks/runtime.js"],
      polyfillFiles: ["static/chunks/poly.js"],
    });
    await routeManifest("server/app/[lang]/page_client-reference-manifest.js", "/[lang]/page", {
      "[project]/app/[lang]/layout": ["static/chunks/layout.js", "static/chunks/layout.css"],
      "[project]/app/[lang]/page": ["static/chunks/layout.js", "static/chunks/home.js"],
    });
    await routeManifest("server/app/[lang]/legals/page_client-reference-manifest.js", "/[lang]/legals/page", {
      "[project]/app/[lang]/error": ["static/chunks/error.js"],
    });
    for (const name of ["framework", "runtime", "layout", "home", "error", "poly", "on-demand"])
      await write(`static/chunks/${name}.js`, `var ${name.replace("-", "_")}=1;`);
  }

  test("the files pages start with: the framework's and every route segment's scripts, each once", async () => {
    await site();
    await expect(startupFiles(dist)).resolves.toEqual(
      ["error", "framework", "home", "layout", "runtime"].map((name) => `static/chunks/${name}.js`),
    );
  });

  test("those files start with the hint; a chunk loaded on demand and the polyfills are left as built", async () => {
    await site();
    await expect(hintStartupFiles(dist)).resolves.toHaveLength(5);
    expect(await read("static/chunks/framework.js")).toBe(`//# allFunctionsCalledOnLoad\nvar framework=1;`);
    expect(await read("static/chunks/error.js")).toBe(`${COMPILE_HINT}var error=1;`);
    expect(await read("static/chunks/on-demand.js")).toBe("var on_demand=1;");
    expect(await read("static/chunks/poly.js")).toBe("var poly=1;");
  });

  test("a second run changes nothing: each file has the hint once", async () => {
    await site();
    await hintStartupFiles(dist);
    await expect(hintStartupFiles(dist)).resolves.toEqual([]);
    expect(await read("static/chunks/home.js")).toBe(`${COMPILE_HINT}var home=1;`);
    expect(withCompileHint(withCompileHint('"use strict";'))).toBe(`${COMPILE_HINT}"use strict";`);
  });

  test("a startup file with a source map, or a manifest naming a file outside static/, stops the build", async () => {
    await site();
    await write("static/chunks/home.js.map", JSON.stringify({ version: 3, sections: [] }));
    await expect(hintStartupFiles(dist)).rejects.toThrow(/home\.js has a source map/);
    expect(await read("static/chunks/home.js")).toBe("var home=1;");
    await buildManifest({ rootMainFiles: ["static/chunks/../../../elsewhere.js"] });
    await expect(startupFiles(dist)).rejects.toThrow(/names static\/chunks\/\.\.\/.*not a file under static/);
  });

  test.each([
    ["no rootMainFiles", {}],
    ["an empty rootMainFiles", { rootMainFiles: [] }],
    ["rootMainFiles of something else", { rootMainFiles: [1] }],
  ])("a build manifest with %s stops the build with a reason", async (_, value) => {
    await site();
    await buildManifest(value);
    await expect(hintStartupFiles(dist)).rejects.toThrow(
      /names no rootMainFiles .*Next's build manifest changed/,
    );
  });

  test("a route manifest of another shape, or none at all, stops the build with a reason", async () => {
    await site();
    const legals = "server/app/[lang]/legals/page_client-reference-manifest.js";
    await routeManifest(legals, "/[lang]/legals/page", {
      "[project]/app/[lang]/error": "static/chunks/error.js",
    });
    await expect(startupFiles(dist)).rejects.toThrow(/legals.*has no entryJSFiles lists/);
    await routeManifest(legals, "/[lang]/legals/page", undefined);
    await expect(startupFiles(dist)).rejects.toThrow(/has no entryJSFiles lists/);
    await write(legals, "globalThis.somethingElse = {};");
    await expect(startupFiles(dist)).rejects.toThrow(/sets no __RSC_MANIFEST entry/);
    await rm(path.join(dist, "server/app"), { recursive: true });
    await mkdir(path.join(dist, "server/app"));
    await expect(startupFiles(dist)).rejects.toThrow(/no client reference manifest under/);
  });

  test("a missing manifest or startup file stops the build", async () => {
    await expect(hintStartupFiles(dist)).rejects.toThrow(/ENOENT/);
    await site();
    await rm(path.join(dist, "static/chunks/home.js"));
    await expect(hintStartupFiles(dist)).rejects.toThrow(/ENOENT/);
  });
});
