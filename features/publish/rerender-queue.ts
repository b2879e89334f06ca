/**
 * The pages a publish changed, rendered anew in the background, a few at a time. A render that
 * fails (the content service down, slow or answering errors) leaves the last good page serving
 * and is tried again later, at growing intervals; past the last one it is left to the page's next
 * visit (which also renders it anew, in the background). Publishes that arrive meanwhile add their
 * pages to the same queue. When nothing is left, `onSettled` gets what the batch did: how many
 * pages were rendered, how many were left failing, and how long the batch took since its first
 * publish.
 */

export interface SettledBatch {
  rendered: number;
  failed: number;
  /** The publishes (calls of `add`) whose pages the batch rendered. */
  publishes: number;
  /** From the first publish of the batch to the last page rendered or given up. */
  seconds: number;
}

export interface RerenderQueueOptions {
  /** Renders one page; true when it is in place (any answer but a server error). */
  render: (path: string) => Promise<boolean>;
  /** Pages rendered at once. */
  concurrency: number;
  /** Waits before each new try of a page that failed; its length is how many retries there are. */
  retryDelaysMs: readonly number[];
  onSettled: (batch: SettledBatch) => void | Promise<void>;
  /** Told when `onSettled` fails; the queue goes on (pages added meanwhile are rendered). */
  onReportFailed: (error: unknown) => void;
  now?: () => number;
}

export class RerenderQueue {
  private readonly waiting = new Map<string, { attempts: number; notBefore: number }>();
  private batchStart: number | undefined;
  private rendered = 0;
  private failed = 0;
  private publishes = 0;
  private wake: (() => void) | undefined;
  private running: Promise<void> | undefined;
  private readonly now: () => number;

  constructor(private readonly options: RerenderQueueOptions) {
    this.now = options.now ?? Date.now;
  }

  /**
   * Adds pages (a page already waiting is tried at once, with its count of tries reset). `since`:
   * when the publish that changed them arrived (the batch's time counts from its first publish).
   */
  add(paths: Iterable<string>, since?: number): void {
    const now = this.now();
    this.batchStart ??= since ?? now;
    this.publishes += 1;
    for (const path of paths) this.waiting.set(path, { attempts: 0, notBefore: now });
    this.wake?.();
    this.start();
  }

  private start(): void {
    // `work` never rejects: a render's failure is a retry, a report's is told to `onReportFailed`.
    this.running ??= this.work().finally(() => {
      this.running = undefined;
      // Pages added after the loop's last look and before this line found it running.
      if (this.waiting.size > 0) this.start();
    });
  }

  /** Resolves once the queue is empty (for tests and for a graceful stop). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** How many pages wait to be rendered (first tries and retries). */
  get size(): number {
    return this.waiting.size;
  }

  private async work(): Promise<void> {
    // Pages added while a settled batch is reported (its proxies purged) find this loop still
    // running, so `add` starts none: they make the next batch.
    while (this.waiting.size > 0) {
      while (this.waiting.size > 0) {
        const now = this.now();
        const due = [...this.waiting].filter(([, state]) => state.notBefore <= now).map(([path]) => path);
        if (due.length === 0) {
          // (a loop: spreading every waiting page into Math.min overflows the stack at ~200,000)
          let next = Infinity;
          for (const state of this.waiting.values()) next = Math.min(next, state.notBefore);
          await this.sleep(next - now);
          continue;
        }
        await this.renderAll(due);
      }
      const batch = {
        rendered: this.rendered,
        failed: this.failed,
        publishes: this.publishes,
        seconds: (this.now() - (this.batchStart ?? this.now())) / 1000,
      };
      this.batchStart = undefined;
      this.rendered = 0;
      this.failed = 0;
      this.publishes = 0;
      try {
        await this.options.onSettled(batch);
      } catch (error) {
        try {
          this.options.onReportFailed(error);
        } catch {
          // A report of a report's failure that fails too has nowhere left to go.
        }
      }
    }
  }

  private async renderAll(paths: string[]): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < paths.length) {
        const path = paths[next++]!;
        const state = this.waiting.get(path);
        // Re-added while this round ran: tried in the next one.
        if (!state || state.notBefore > this.now()) continue;
        const ok = await this.options.render(path).catch(() => false);
        if (this.waiting.get(path) !== state) continue;
        if (ok) {
          this.waiting.delete(path);
          this.rendered += 1;
          continue;
        }
        const delay = this.options.retryDelaysMs[state.attempts];
        if (delay === undefined) {
          this.waiting.delete(path);
          this.failed += 1;
        } else this.waiting.set(path, { attempts: state.attempts + 1, notBefore: this.now() + delay });
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, this.options.concurrency) }, worker));
  }

  /** Waits `ms`, or less when pages are added. */
  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, Math.max(0, ms));
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.wake = undefined;
        done();
      };
    });
  }
}
