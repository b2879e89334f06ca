/**
 * @jest-environment jsdom
 */
import { createScrollController, SCROLL_TO_EVENT } from "./scroll-controller";

const scrollTo = jest.fn();
beforeAll(() => {
  window.matchMedia = ((query: string) => ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  })) as unknown as typeof window.matchMedia;
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
});
beforeEach(() => scrollTo.mockClear());

const request = (detail: unknown) => window.dispatchEvent(new CustomEvent(SCROLL_TO_EVENT, { detail }));

describe("scroll controller (native scrolling)", () => {
  it("starts a new page at the top even while locked, but not after back or forward", () => {
    const controller = createScrollController();
    const unmount = controller.mount();
    const release = controller.lock();
    controller.afterNavigation();
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: "instant" });

    scrollTo.mockClear();
    window.dispatchEvent(new PopStateEvent("popstate"));
    controller.afterNavigation();
    expect(scrollTo).not.toHaveBeenCalled();
    release();
    unmount();
  });

  it("lands on the hash target of a new page", () => {
    document.body.innerHTML = '<h2 id="crédits">Crédits</h2>';
    // jsdom has no layout: the heading says where it is.
    document.getElementById("crédits")!.getBoundingClientRect = () => ({ top: 420 }) as DOMRect;
    window.history.pushState(null, "", "#cr%C3%A9dits");
    const controller = createScrollController();
    const unmount = controller.mount();
    controller.afterNavigation();
    expect(scrollTo).toHaveBeenCalledWith({ top: 420, behavior: "instant" });
    window.history.pushState(null, "", "#");
    unmount();
  });

  it("scrolls on the scroll:to event, honouring the lock unless forced, and ignores bad requests", () => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
    const controller = createScrollController();
    const unmount = controller.mount();
    request({ target: 300 });
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 300, behavior: "instant" });

    const release = controller.lock();
    scrollTo.mockClear();
    request({ target: 500 });
    expect(scrollTo).not.toHaveBeenCalled();
    request({ target: 500, force: true });
    expect(scrollTo).toHaveBeenCalledWith({ top: 500, behavior: "instant" });
    release();
    release(); // a second release of the same lock changes nothing
    expect(controller.store.get().locked).toBe(false);

    scrollTo.mockClear();
    for (const bad of [
      null,
      {},
      { target: "main" },
      { target: "#%E0%A4%A" },
      { target: "#nowhere" },
      { target: Number.NaN },
    ])
      request(bad);
    expect(scrollTo).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(6);
    warn.mockRestore();
    unmount();
    request({ target: 100 });
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
