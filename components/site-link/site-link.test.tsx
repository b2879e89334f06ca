/* eslint-disable @next/next/no-html-link-for-pages -- plain anchors are what the listener must leave alone */
import { act, fireEvent, render, screen } from "@testing-library/react";
import fc from "fast-check";

import {
  CLIENT_NAVIGATION_ATTRIBUTE,
  clientNavigationOf,
  isSitePath,
} from "@/components/site-link/client-navigation";
import { ClientNavigation } from "@/components/site-link/client-navigation-listener";
import { SiteLink } from "@/components/site-link/site-link";
import { testRouter } from "@/test-support/test-router";

const ORIGIN = window.location.origin;

beforeEach(() => {
  testRouter.push.mockClear();
  testRouter.prefetch.mockClear();
});

describe("SiteLink", () => {
  it("is a plain link, marked for the app router when it leads to a page of the site in the same tab", () => {
    render(
      <>
        <SiteLink href="/works" className="nav">
          Projets
        </SiteLink>
        <SiteLink href="https://vimeo.com/vifargent">Vimeo</SiteLink>
        <SiteLink href="mailto:hello@example.org">Mail</SiteLink>
        <SiteLink href="/works" target="_blank">
          New tab
        </SiteLink>
        <SiteLink href="/press-kit.pdf" download="">
          Press kit
        </SiteLink>
      </>,
    );
    const works = screen.getByRole("link", { name: "Projets" });
    expect(works).toHaveAttribute("href", "/works");
    expect(works).toHaveClass("nav");
    expect(works).toHaveAttribute(CLIENT_NAVIGATION_ATTRIBUTE);
    for (const name of ["Vimeo", "Mail", "New tab", "Press kit"])
      expect(screen.getByRole("link", { name })).not.toHaveAttribute(CLIENT_NAVIGATION_ATTRIBUTE);
  });
});

describe("ClientNavigation", () => {
  function renderLinks() {
    render(
      <>
        <ClientNavigation />
        <SiteLink href="/en/works?page=2">
          <span>Works</span>
        </SiteLink>
        <SiteLink href="/contact" onClick={(event) => event.preventDefault()}>
          Handled
        </SiteLink>
        <SiteLink href="/works" download>
          Download
        </SiteLink>
        <a href="/en" hrefLang="en">
          English
        </a>
        <SiteLink href="https://vimeo.com/vifargent">Vimeo</SiteLink>
      </>,
    );
  }

  it("follows a plain click on a site link with the app router, from inside the link too", () => {
    renderLinks();
    const click = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
    act(() => {
      screen.getByText("Works").dispatchEvent(click);
    });
    expect(click.defaultPrevented).toBe(true);
    expect(testRouter.push).toHaveBeenCalledWith("/en/works?page=2");
  });

  it.each([
    ["a ctrl-click", "Works", { ctrlKey: true }],
    ["a cmd-click", "Works", { metaKey: true }],
    ["a shift-click", "Works", { shiftKey: true }],
    ["an alt-click", "Works", { altKey: true }],
    ["the middle button", "Works", { button: 1 }],
    ["a click a handler already took", "Handled", {}],
    ["a download", "Download", {}],
    ["the language switch", "English", {}],
    ["another origin", "Vimeo", {}],
  ])("leaves %s to the browser", (_case, text, init) => {
    renderLinks();
    const click = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ...init });
    act(() => {
      screen.getByText(text).dispatchEvent(click);
    });
    expect(testRouter.push).not.toHaveBeenCalled();
    // The browser keeps its own behaviour unless a handler of the page chose otherwise.
    expect(click.defaultPrevented).toBe(text === "Handled");
  });

  it.each([
    ["a pointer over it", (link: HTMLElement) => fireEvent.mouseOver(link)],
    ["keyboard focus", (link: HTMLElement) => fireEvent.focusIn(link)],
  ])("fetches a site link's page ahead on %s, once per link reached", (_intent, show) => {
    renderLinks();
    expect(testRouter.prefetch).not.toHaveBeenCalled();
    const inner = screen.getByText("Works");
    show(inner);
    show(inner.parentElement as HTMLElement);
    expect(testRouter.prefetch).toHaveBeenCalledTimes(1);
    expect(testRouter.prefetch).toHaveBeenCalledWith("/en/works?page=2");
  });

  it("fetches nothing ahead on a touch, which starts every scroll gesture on a phone", () => {
    renderLinks();
    fireEvent.touchStart(screen.getByText("Works"));
    expect(testRouter.prefetch).not.toHaveBeenCalled();
  });

  it("fetches nothing ahead for links the router does not follow", () => {
    renderLinks();
    for (const text of ["English", "Vimeo", "Download"]) fireEvent.mouseOver(screen.getByText(text));
    expect(testRouter.prefetch).not.toHaveBeenCalled();
  });
});

/** A plain left click on a link SiteLink marked, with the given href as written. */
function plainClickOn(href: string) {
  const link = document.createElement("a");
  link.setAttribute("href", href);
  link.setAttribute(CLIENT_NAVIGATION_ATTRIBUTE, "");
  return {
    defaultPrevented: false,
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    target: link,
  };
}

describe("clientNavigationOf", () => {
  it("keeps the query and hash the router needs", () => {
    expect(clientNavigationOf(plainClickOn("/works/hors-champ?x=1#credits"), ORIGIN)).toBe(
      "/works/hors-champ?x=1#credits",
    );
  });
});

describe("clientNavigationOf, on any href", () => {
  /** Hrefs built from the pieces that change how a URL resolves: dots, slashes, backslashes, escapes. */
  const piece = fc.constantFrom(
    "/",
    "//",
    "\\",
    ".",
    "..",
    "%2e",
    "%2f",
    "%5c",
    "evil.example",
    "works",
    "?",
    "#",
    "@",
    ":",
    "%09",
    " ",
    "\t",
  );
  const href = fc.array(piece, { minLength: 1, maxLength: 8 }).map((pieces) => pieces.join(""));

  it("never hands the router a target it would resolve off this origin", () => {
    fc.assert(
      fc.property(href, (candidate) => {
        const target = clientNavigationOf(plainClickOn(candidate), ORIGIN);
        // The router resolves what it is given against the page, as new URL(href, location.href) does.
        if (target !== null) expect(new URL(target, window.location.href).origin).toBe(ORIGIN);
      }),
      { numRuns: 2000 },
    );
  });

  it.each(["/.//evil.example/x", "/./\\evil.example/x", "/%2e//evil.example/x", "/..//evil.example/x"])(
    "leaves %s, which the browser keeps on this site, to the browser",
    (candidate) => {
      const click = plainClickOn(candidate);
      expect(clientNavigationOf(click, ORIGIN)).toBeNull();
      expect(new URL(click.target.href).origin).toBe(ORIGIN);
    },
  );
});

describe("isSitePath", () => {
  it.each(["/", "/works", "/en/works-completed?page=2", "/works/hors-champ#credits"])("takes %s", (href) =>
    expect(isSitePath(href)).toBe(true),
  );
  it.each([
    "",
    "#main",
    "//evil.example/x",
    "/\\evil.example",
    "https://example.org/",
    "mailto:a@b.c",
    "works",
  ])("refuses %j", (href) => expect(isSitePath(href)).toBe(false));
});
