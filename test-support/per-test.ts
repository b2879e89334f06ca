/**
 * Temporary folders and SMTP sinks for a test file, each removed or closed after every test: call
 * once at the top level of the file, then ask for as many as a test needs.
 */
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";

import { startSink, type Sink } from "./smtp-sink";

/** A new empty folder under the system's temporary folder, removed after the test. */
export function tempDirsPerTest(prefix: string): () => Promise<string> {
  const made: string[] = [];
  afterEach(async () => {
    await Promise.all(made.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
  });
  return async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
}

/** A new SMTP sink on 127.0.0.1, closed after the test. */
export function sinksPerTest(): () => Promise<Sink> {
  const started: Sink[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((sink) => sink.close()));
  });
  return async () => {
    const sink = await startSink();
    started.push(sink);
    return sink;
  };
}
