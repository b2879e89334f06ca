import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StrictMode, useState } from "react";

import { ScrollProvider } from "./scroll-provider";
import { useResize, useScrollController, useScrollLock, useScrollState, useTicker } from "./use-scroll";
import { sharedResize, sharedTicker } from "./page-sources";

const scrollTo = jest.fn();
beforeAll(() => {
  // jsdom has no layout and does not scroll; record the calls instead.
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
});
beforeEach(() => scrollTo.mockClear());

function Probe() {
  const controller = useScrollController();
  const state = useScrollState();
  const [open, setOpen] = useState(false);
  useScrollLock(open);
  return (
    <div>
      <p data-testid="state">{`${state.locked} ${state.active} ${state.ratio}`}</p>
      <button type="button" onClick={() => setOpen(!open)}>
        toggle lock
      </button>
      <button type="button" onClick={() => controller.scrollTo(500)}>
        scroll
      </button>
      <button type="button" onClick={() => controller.scrollTo(700, { force: true })}>
        force
      </button>
    </div>
  );
}

describe("scroll provider and hooks", () => {
  it("throws a clear error outside its provider", () => {
    const error = jest.spyOn(console, "error").mockImplementation(() => {});
    function Orphan() {
      useScrollState();
      return null;
    }
    expect(() => render(<Orphan />)).toThrow(/inside <ScrollProvider>/);
    error.mockRestore();
  });

  it("scrolls natively without a fine pointer, and exposes the state", () => {
    render(
      <ScrollProvider>
        <Probe />
      </ScrollProvider>,
    );
    expect(screen.getByTestId("state")).toHaveTextContent("false false 0.1");
    expect(document.documentElement.className).not.toMatch(/lenis/);
  });

  it("locks: the visitor and ordinary calls cannot scroll, a forced call can; unlocking restores", async () => {
    render(
      <ScrollProvider>
        <Probe />
      </ScrollProvider>,
    );
    await userEvent.click(screen.getByRole("button", { name: "toggle lock" }));
    expect(screen.getByTestId("state")).toHaveTextContent(/^true/);
    expect(document.documentElement.style.overflow).toBe("hidden");
    await userEvent.click(screen.getByRole("button", { name: "scroll" }));
    expect(scrollTo).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "force" }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 700, behavior: "instant" });
    await userEvent.click(screen.getByRole("button", { name: "toggle lock" }));
    expect(screen.getByTestId("state")).toHaveTextContent(/^false/);
    expect(document.documentElement.style.overflow).toBe("");
    await userEvent.click(screen.getByRole("button", { name: "scroll" }));
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 500, behavior: "instant" });
  });

  it("keeps the page locked until the last of two locks is released", () => {
    function Locker({ active }: { active: boolean }) {
      useScrollLock(active);
      return null;
    }
    const page = (first: boolean, second: boolean) => (
      <ScrollProvider>
        <Locker active={first} />
        <Locker active={second} />
      </ScrollProvider>
    );
    const { rerender } = render(page(true, true));
    expect(document.documentElement.style.overflow).toBe("hidden");
    rerender(page(false, true));
    expect(document.documentElement.style.overflow).toBe("hidden");
    rerender(page(false, false));
    expect(document.documentElement.style.overflow).toBe("");
  });

  it("subscribes to the shared ticker and resize source with one hook call, and leaves on unmount", () => {
    function Animated() {
      useTicker(() => {});
      useResize(() => {});
      return null;
    }
    const ticker = sharedTicker();
    const resize = sharedResize();
    const { unmount } = render(
      <>
        <Animated />
        <Animated />
      </>,
    );
    expect(ticker.size).toBe(2);
    expect(resize.size).toBe(2);
    unmount();
    expect(ticker.size).toBe(0);
    expect(resize.size).toBe(0);
  });
});

describe("on a desktop with a fine pointer", () => {
  const original = window.matchMedia;
  beforeAll(() => {
    window.matchMedia = ((query: string) => ({
      matches: query === "(pointer: fine)",
      media: query,
      addEventListener() {},
      removeEventListener() {},
    })) as unknown as typeof window.matchMedia;
  });
  afterAll(() => {
    window.matchMedia = original;
  });

  it("starts Lenis once, under Strict Mode too, and stops it on unmount", async () => {
    const { unmount } = render(
      <StrictMode>
        <ScrollProvider>
          <Probe />
        </ScrollProvider>
      </StrictMode>,
    );
    await waitFor(() => expect(screen.getByTestId("state")).toHaveTextContent("false true 0.1"));
    expect(document.documentElement.classList.contains("lenis")).toBe(true);
    expect(sharedTicker().size).toBe(1);
    unmount();
    expect(document.documentElement.classList.contains("lenis")).toBe(false);
    expect(sharedTicker().size).toBe(0);
  });
});
