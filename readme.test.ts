/**
 * The README's architecture map is true to the tree: it names exactly the
 * folders that exist at the top level, and exactly the subfolders of each folder
 * it expands; every top folder has a README of what belongs there.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const ROOT = __dirname;

/** Folders git tracks (so build output and installs never count), by path. */
function trackedFolders(): Set<string> {
  const files = execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" })
    .split("\0")
    .filter((file) => file && existsSync(path.join(ROOT, file)));
  const folders = new Set<string>();
  for (const file of files) {
    const parts = file.split("/").slice(0, -1);
    for (let depth = 1; depth <= parts.length; depth++) folders.add(parts.slice(0, depth).join("/"));
  }
  return folders;
}

/** The map: each line `name/  description` at indent 0 is a top folder; indented ones its subfolders. */
function readMap(): Map<string, string[]> {
  const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## Architecture"));
  const block = /```\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error("README.md: no code block under ## Architecture");
  const map = new Map<string, string[]>();
  let parent: string | undefined;
  for (const line of block.split("\n")) {
    const match = /^( *)([\w.-]+)\/ /.exec(line);
    if (!match) continue;
    if (match[1] === "") {
      parent = match[2];
      map.set(parent, []);
    } else if (parent) map.get(parent)!.push(match[2]);
  }
  return map;
}

const children = (folders: Set<string>, parent?: string) =>
  [...folders]
    .filter((folder) => (parent ? path.dirname(folder) === parent : !folder.includes("/")))
    .map((folder) => path.basename(folder))
    .filter((name) => !name.startsWith("."))
    .sort();

describe("the README's architecture map", () => {
  const folders = trackedFolders();
  const map = readMap();

  it("names every top folder, and only folders that exist", () => {
    expect([...map.keys()].sort()).toEqual(children(folders));
  });

  it("names exactly the subfolders of each folder it expands", () => {
    for (const [parent, listed] of map) {
      if (listed.length === 0) continue;
      expect({ parent, subfolders: [...listed].sort() }).toEqual({
        parent,
        subfolders: children(folders, parent),
      });
    }
  });

  it("each top folder has a README", () => {
    const missing = children(folders).filter((folder) => !existsSync(path.join(ROOT, folder, "README.md")));
    expect(missing).toEqual([]);
  });
});
