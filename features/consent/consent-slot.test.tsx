import { OVERLAY_RETRY_DELAYS_MS } from "./consent-slot";

/** The notice's code fails to load as many times as `mockFailures` says, then loads. */
let mockFailures = 0;
jest.mock("./consent-overlay", () => {
  if (mockFailures > 0) {
    mockFailures -= 1;
    throw new Error("Loading chunk 7 failed.");
  }
  return { ConsentOverlay: () => <p>the notice</p> };
});

/** Takes the last page's tree down (the pure entry of Testing Library registers no hooks). */
let unmount = () => undefined as void;

/**
 * A page with the slot, from a fresh copy of every module (React and Testing Library included, so
 * there is one React): the notice's loaded code is kept per page, as the module keeps it.
 */
async function page() {
  jest.resetModules();
  const [
    testing,
    { ConsentProvider },
    { ConsentSlot },
    { CONSENT_LABEL_KEYS },
    { siteServices },
    scroll,
    i18n,
    open,
  ] = await Promise.all([
    import("@testing-library/react/pure"),
    import("./consent-provider"),
    import("./consent-slot"),
    import("./labels"),
    import("./services"),
    import("@/features/scroll"),
    import("@/lib/i18n/default-translations"),
    import("./open-preferences"),
  ]);
  const fr = i18n.DEFAULT_TRANSLATIONS.fr;
  unmount = testing.cleanup;
  testing.render(
    <scroll.ScrollProvider>
      <ConsentProvider services={siteServices(fr, undefined)}>
        <ConsentSlot labels={i18n.pickLabels(fr, CONSENT_LABEL_KEYS)} />
      </ConsentProvider>
    </scroll.ScrollProvider>,
  );
  const { act, screen } = testing;
  // The provider starts the consent a task after mounting.
  await act(async () => {
    jest.advanceTimersByTime(0);
  });
  return {
    screen,
    /** Lets the failed load settle (no notice), then moves the clock on by `ms`. */
    async failedTryThenWait(ms: number) {
      await act(async () => {
        await Promise.resolve();
        await Promise.resolve();
      });
      expect(screen.queryByText("the notice")).toBeNull();
      await act(async () => {
        jest.advanceTimersByTime(ms);
      });
    },
    /** The footer's "Préférences cookies". */
    openSettings: () => act(() => void window.dispatchEvent(new Event(open.OPEN_CONSENT_EVENT))),
  };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  unmount();
  jest.useRealTimers();
});

test("a notice whose code failed to load (a connection that dropped for a moment) shows once a later try loads it", async () => {
  mockFailures = 2;
  const { screen, failedTryThenWait } = await page();
  await failedTryThenWait(OVERLAY_RETRY_DELAYS_MS[0]);
  await failedTryThenWait(OVERLAY_RETRY_DELAYS_MS[1]);
  expect(await screen.findByText("the notice")).toBeTruthy();
  expect(mockFailures).toBe(0);
});

test("after the last try the page stays as it is, without a notice or an error, until the visitor opens the settings", async () => {
  mockFailures = OVERLAY_RETRY_DELAYS_MS.length + 1;
  const { screen, failedTryThenWait, openSettings } = await page();
  for (const delay of OVERLAY_RETRY_DELAYS_MS) await failedTryThenWait(delay);
  await failedTryThenWait(60_000);
  expect(mockFailures).toBe(0);
  expect(screen.getByRole("status")).toBeTruthy();
  await openSettings();
  expect(await screen.findByText("the notice")).toBeTruthy();
});

test("settings opened while the tries were failing can be opened again after the last one, and then show", async () => {
  mockFailures = OVERLAY_RETRY_DELAYS_MS.length + 2;
  const { screen, failedTryThenWait, openSettings } = await page();
  await failedTryThenWait(1_000);
  // The visitor asks for the settings before the next try: they are open, in the state, from here on.
  await openSettings();
  for (const delay of OVERLAY_RETRY_DELAYS_MS) await failedTryThenWait(delay);
  await failedTryThenWait(60_000);
  expect(mockFailures).toBe(0);
  await openSettings();
  expect(await screen.findByText("the notice")).toBeTruthy();
});
