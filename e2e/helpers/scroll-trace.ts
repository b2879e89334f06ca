import type { Page } from "@playwright/test";

/**
 * Runs `action`, then records window.scrollY on every frame until the page has
 * been still for 30 frames (the end of a smooth scroll moves a fraction of a
 * pixel a frame, so a stop is only believed once it lasts). Also how a test
 * sees that something did not scroll the page: frames, not a guessed delay.
 */
export async function trace(page: Page, action: () => Promise<void>): Promise<number[]> {
  await page.evaluate(() => {
    const record = window as unknown as { samples: number[]; sampling: boolean };
    record.samples = [window.scrollY];
    record.sampling = true;
    const frame = () => {
      record.samples.push(window.scrollY);
      if (record.sampling) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  await action();
  await page.waitForFunction(
    () => {
      const { samples } = window as unknown as { samples: number[] };
      const recent = samples.slice(-30);
      return samples.length > 40 && recent.every((value) => value === recent[0]);
    },
    null,
    { timeout: 10_000 },
  );
  return page.evaluate(() => {
    const record = window as unknown as { samples: number[]; sampling: boolean };
    record.sampling = false;
    return record.samples;
  });
}
