import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/** Every file under `folder` (its subfolders too) with its text; none when the folder is missing. */
export async function filesUnder(folder: string): Promise<Array<{ file: string; text: string }>> {
  const found: Array<{ file: string; text: string }> = [];
  for (const entry of await readdir(folder, { withFileTypes: true }).catch(() => [])) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) found.push(...(await filesUnder(full)));
    else found.push({ file: full, text: await readFile(full, "utf8") });
  }
  return found;
}
