import { fireEvent, render, screen } from "@testing-library/react";

import { isPrefetchablePath, SiteLink } from "@/components/site-link/site-link";
import { testRouter } from "@/test-support/test-router";

beforeEach(() => testRouter.prefetch.mockClear());

describe("SiteLink", () => {
  it("fetches nothing ahead until a visitor shows the intent to follow it", () => {
    render(<SiteLink href="/works">Projets</SiteLink>);
    expect(screen.getByRole("link", { name: "Projets" })).toHaveAttribute("href", "/works");
    expect(testRouter.prefetch).not.toHaveBeenCalled();
  });

  it.each([
    ["a pointer over it", (link: HTMLElement) => fireEvent.mouseEnter(link)],
    ["keyboard focus", (link: HTMLElement) => fireEvent.focus(link)],
    ["a finger on it", (link: HTMLElement) => fireEvent.touchStart(link)],
  ])("fetches its page ahead on %s", (_intent, show) => {
    render(<SiteLink href="/en/works?page=2">Works</SiteLink>);
    show(screen.getByRole("link", { name: "Works" }));
    expect(testRouter.prefetch).toHaveBeenCalledWith("/en/works?page=2");
  });

  it("keeps the handlers a caller gives it", () => {
    const onFocus = jest.fn();
    render(
      <SiteLink href="/contact" onFocus={onFocus}>
        Contact
      </SiteLink>,
    );
    fireEvent.focus(screen.getByRole("link", { name: "Contact" }));
    expect(onFocus).toHaveBeenCalledTimes(1);
    expect(testRouter.prefetch).toHaveBeenCalledWith("/contact");
  });

  it("never fetches ahead a link that leaves the site or opens another tab", () => {
    render(
      <>
        <SiteLink href="https://vimeo.com/vifargent">Vimeo</SiteLink>
        <SiteLink href="mailto:hello@example.org">Mail</SiteLink>
        <SiteLink href="/works" target="_blank">
          New tab
        </SiteLink>
      </>,
    );
    for (const name of ["Vimeo", "Mail", "New tab"]) fireEvent.mouseEnter(screen.getByRole("link", { name }));
    expect(testRouter.prefetch).not.toHaveBeenCalled();
  });
});

describe("isPrefetchablePath", () => {
  it.each(["/", "/works", "/en/works-completed?page=2", "/works/hors-champ#credits"])("takes %s", (href) =>
    expect(isPrefetchablePath(href)).toBe(true),
  );
  it.each([
    "",
    "#main",
    "//evil.example/x",
    "/\\evil.example",
    "https://example.org/",
    "mailto:a@b.c",
    "works",
  ])("refuses %j", (href) => expect(isPrefetchablePath(href)).toBe(false));
});
