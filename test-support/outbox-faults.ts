import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Ways a contact outbox folder cannot be used, each made for real on disk under `base`; each
 * returns the path to configure as the outbox. Root ignores permissions, so the folder nobody may
 * open is one of them only when the tests run as another user.
 */
export const OUTBOX_FAULTS: Array<[string, (base: string) => string]> = [
  [
    "a file where the folder should be",
    (base) => {
      writeFileSync(path.join(base, "outbox"), "not a folder\n");
      return path.join(base, "outbox");
    },
  ],
  [
    "a folder under a file",
    (base) => {
      writeFileSync(path.join(base, "file"), "");
      return path.join(base, "file", "outbox");
    },
  ],
  [
    "a symbolic link to itself",
    (base) => {
      symlinkSync(path.join(base, "loop"), path.join(base, "loop"));
      return path.join(base, "loop");
    },
  ],
  ...(process.getuid?.() === 0
    ? []
    : [
        [
          "a folder nobody may open (mode 000)",
          (base: string) => {
            mkdirSync(path.join(base, "outbox"), { mode: 0o000 });
            return path.join(base, "outbox");
          },
        ] as [string, (base: string) => string],
      ]),
];
