import { readFileSync } from "node:fs";
import { join } from "node:path";

import { act, render, screen } from "@testing-library/react";

import { InView } from "@/components/in-view/in-view";

/** A stand-in for the browser's observer that the test drives by hand. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly observed = new Set<Element>();

  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeIntersectionObserver.instances.push(this);
  }

  observe(element: Element) {
    this.observed.add(element);
  }
  unobserve(element: Element) {
    this.observed.delete(element);
  }
  disconnect() {
    this.observed.clear();
  }
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }

  static isObserving(element: Element) {
    return this.instances.some((observer) => observer.observed.has(element));
  }

  /** Reports the element entering or leaving to every observer still watching it. */
  static report(element: Element, isIntersecting: boolean) {
    for (const observer of this.instances.filter((instance) => instance.observed.has(element))) {
      const entry = { target: element, isIntersecting } as IntersectionObserverEntry;
      act(() => observer.callback([entry], observer as unknown as IntersectionObserver));
    }
  }
}

const original = window.IntersectionObserver;

beforeEach(() => {
  FakeIntersectionObserver.instances = [];
  window.IntersectionObserver = FakeIntersectionObserver as unknown as typeof IntersectionObserver;
});

afterEach(() => {
  window.IntersectionObserver = original;
});

function renderSection(props: Partial<Parameters<typeof InView>[0]> = {}) {
  render(
    <InView as="section" aria-label="Showreel" className="showreel" {...props}>
      Our latest films
    </InView>,
  );
  return screen.getByRole("region", { name: "Showreel" });
}

describe("InView", () => {
  it("observes with its defaults: threshold 0, no offset", () => {
    const section = renderSection();
    expect(FakeIntersectionObserver.isObserving(section)).toBe(true);
    expect(FakeIntersectionObserver.instances[0].options).toEqual({ threshold: 0, rootMargin: "0px" });
  });

  it("passes a custom threshold and offset to the observer", () => {
    renderSection({ threshold: 0.5, rootMargin: "0px 0px -10% 0px" });
    expect(FakeIntersectionObserver.instances.at(-1)!.options).toEqual({
      threshold: 0.5,
      rootMargin: "0px 0px -10% 0px",
    });
  });

  it("keeps content visible until the observer has reported it outside the viewport", () => {
    const section = renderSection();
    expect(section).toHaveTextContent("Our latest films");
    expect(section).not.toHaveClass("outside");

    FakeIntersectionObserver.report(section, false);
    expect(section).toHaveClass("outside");
    expect(section).not.toHaveClass("in-view");
  });

  it("adds in-view on entry, then stops observing when once (the default)", () => {
    const section = renderSection();
    FakeIntersectionObserver.report(section, true);

    expect(section).toHaveClass("in-view", "showreel");
    expect(section).not.toHaveClass("outside");
    expect(FakeIntersectionObserver.isObserving(section)).toBe(false);
  });

  it("with once=false, toggles in-view as the element enters and leaves", () => {
    const section = renderSection({ once: false });
    FakeIntersectionObserver.report(section, true);
    expect(section).toHaveClass("in-view");

    FakeIntersectionObserver.report(section, false);
    expect(section).not.toHaveClass("in-view");
    expect(FakeIntersectionObserver.isObserving(section)).toBe(true);

    FakeIntersectionObserver.report(section, true);
    expect(section).toHaveClass("in-view");
  });

  it("marks the element in view at once when IntersectionObserver is missing", () => {
    // @ts-expect-error simulating a browser without the API
    delete window.IntersectionObserver;
    const section = renderSection();
    expect(section).toHaveClass("in-view");
    expect(section).not.toHaveClass("outside");
  });

  it("can mark without the reveal animation", () => {
    const section = renderSection({ reveal: false });
    FakeIntersectionObserver.report(section, false);
    expect(section).not.toHaveClass("outside");
    expect(section).not.toHaveClass("reveal");
  });
});

describe("in-view.module.css", () => {
  const css = readFileSync(join(__dirname, "in-view.module.css"), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");

  /** The stylesheet with the body of `@media <query>` removed. */
  function without(query: string): string {
    const start = css.indexOf(`@media ${query}`);
    if (start === -1) return css;
    let depth = 0;
    for (let index = css.indexOf("{", start); index < css.length; index++) {
      if (css[index] === "{") depth++;
      if (css[index] === "}" && --depth === 0) return css.slice(0, start) + css.slice(index + 1);
    }
    throw new Error("unbalanced braces");
  }

  it("hides or offsets content only on screens of visitors who have not asked for reduced motion", () => {
    expect(css).toMatch(/opacity:\s*0/);
    // Print is excluded too: a printed page must show every card.
    expect(without("screen and (prefers-reduced-motion: no-preference)")).not.toMatch(
      /opacity|translate|transform/,
    );
  });
});
