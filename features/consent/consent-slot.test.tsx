import { act, render, screen } from "@testing-library/react";

import { ConsentProvider } from "./consent-provider";
import { ConsentSlot, OVERLAY_RETRY_DELAYS_MS } from "./consent-slot";
import { CONSENT_LABEL_KEYS } from "./labels";
import { siteServices } from "./services";
import { ScrollProvider } from "@/features/scroll";
import { DEFAULT_TRANSLATIONS, pickLabels } from "@/lib/i18n/default-translations";

/** The notice's code fails to load as many times as `mockFailures` says, then loads. */
let mockFailures = 0;
const fr = DEFAULT_TRANSLATIONS.fr;
jest.mock("./consent-overlay", () => {
  if (mockFailures > 0) {
    mockFailures -= 1;
    throw new Error("Loading chunk 7 failed.");
  }
  return { ConsentOverlay: () => <p>the notice</p> };
});

function renderSlot() {
  render(
    <ScrollProvider>
      <ConsentProvider services={siteServices(fr, undefined)}>
        <ConsentSlot labels={pickLabels(fr, CONSENT_LABEL_KEYS)} />
      </ConsentProvider>
    </ScrollProvider>,
  );
}

/** Lets the failed import settle, then moves the clock past the next retry's wait. */
async function failedTryThenWait(ms: number) {
  await act(async () => {
    await Promise.resolve();
    await Promise.resolve();
  });
  expect(screen.queryByText("the notice")).toBeNull();
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
}

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

// In this order: the loaded code is kept for the page (the module), so a test after a successful
// load would find it loaded; a load that failed keeps nothing.
test("after the last try the page stays as it is, with no notice and no error", async () => {
  mockFailures = OVERLAY_RETRY_DELAYS_MS.length + 1;
  renderSlot();
  for (const delay of OVERLAY_RETRY_DELAYS_MS) await failedTryThenWait(delay);
  await failedTryThenWait(60_000);
  expect(mockFailures).toBe(0);
  expect(screen.queryByText("the notice")).toBeNull();
  expect(screen.getByRole("status")).toBeTruthy();
});

test("a notice whose code failed to load (a connection that dropped for a moment) shows once a later try loads it", async () => {
  mockFailures = 2;
  renderSlot();
  await failedTryThenWait(OVERLAY_RETRY_DELAYS_MS[0]);
  await failedTryThenWait(OVERLAY_RETRY_DELAYS_MS[1]);
  expect(await screen.findByText("the notice")).toBeTruthy();
});
