/* eslint-disable @next/next/no-html-link-for-pages -- the language switch is a plain anchor on purpose */
import { act, fireEvent, render, screen } from "@testing-library/react";

import { NavigationProgress } from "@/components/page-transition/navigation-progress";
import { ClientNavigation } from "@/components/site-link/client-navigation-listener";
import { SiteLink } from "@/components/site-link/site-link";

let mockPathname = "/fr";
let mockSearchParams = new URLSearchParams();

jest.mock("next/navigation", () => ({
  usePathname: () => mockPathname,
  useSearchParams: () => mockSearchParams,
  useRouter: () => jest.requireActual("@/test-support/test-router").testRouter,
}));

/** jsdom would try to follow the links ClientNavigation leaves to the browser: it runs last (window). */
const preventBrowserNavigation = (event: Event) => event.preventDefault();

function renderPage() {
  const page = () => (
    <>
      <NavigationProgress label="Loading…" />
      <ClientNavigation />
      <SiteLink href="/fr/works">Works</SiteLink>
      <SiteLink href="/fr?page=2">Next page</SiteLink>
      <SiteLink href="/fr#contact">Contact section</SiteLink>
      <SiteLink href="/fr">Current page</SiteLink>
      <SiteLink href="https://vimeo.com/22439234">Vimeo</SiteLink>
      <SiteLink href="/fr/works" target="_blank">
        Works in a new tab
      </SiteLink>
      <SiteLink href="/fr/press-kit.pdf" download>
        Press kit
      </SiteLink>
      <a href="/en" hrefLang="en">
        English
      </a>
      <SiteLink href="/fr/contact" onClick={(event) => event.preventDefault()}>
        Handled by the page
      </SiteLink>
    </>
  );
  const view = render(page());
  return {
    /** The app renders the new route, as Next does when the navigation commits. */
    routeRendered(pathname: string, search = "") {
      mockPathname = pathname;
      mockSearchParams = new URLSearchParams(search);
      view.rerender(page());
    },
  };
}

const wait = (ms: number) => act(() => jest.advanceTimersByTime(ms));
const progressBar = () => screen.queryByRole("progressbar", { name: "Loading…" });

beforeEach(() => {
  jest.useFakeTimers();
  mockPathname = "/fr";
  mockSearchParams = new URLSearchParams();
  window.addEventListener("click", preventBrowserNavigation);
});

afterEach(() => {
  window.removeEventListener("click", preventBrowserNavigation);
  window.history.replaceState(null, "", "/");
  jest.useRealTimers();
});

describe("NavigationProgress", () => {
  it("is absent, also for assistive technology, while nothing is loading", () => {
    renderPage();
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
  });

  it("never shows for a navigation that renders within 150 ms", () => {
    const { routeRendered } = renderPage();
    fireEvent.click(screen.getByText("Works"));
    wait(150);
    routeRendered("/fr/works");
    wait(1000);
    expect(progressBar()).not.toBeInTheDocument();
  });

  it("shows after 200 ms of a slow navigation and hides when the new route renders", () => {
    const { routeRendered } = renderPage();
    fireEvent.click(screen.getByText("Works"));
    wait(199);
    expect(progressBar()).not.toBeInTheDocument();
    wait(1);
    expect(progressBar()).toBeInTheDocument();

    routeRendered("/fr/works");
    expect(progressBar()).not.toBeInTheDocument();
  });

  it("treats a change of query string as a new route", () => {
    const { routeRendered } = renderPage();
    fireEvent.click(screen.getByText("Next page"));
    wait(200);
    expect(progressBar()).toBeInTheDocument();

    routeRendered("/fr", "page=2");
    expect(progressBar()).not.toBeInTheDocument();
  });

  it("shows for a slow back or forward navigation", () => {
    const { routeRendered } = renderPage();
    window.history.pushState(null, "", "/fr/works");
    act(() => window.dispatchEvent(new PopStateEvent("popstate")));
    wait(200);
    expect(progressBar()).toBeInTheDocument();

    routeRendered("/fr/works");
    expect(progressBar()).not.toBeInTheDocument();
  });

  it.each([
    ["ctrl-click", "Works", { ctrlKey: true }],
    ["cmd-click", "Works", { metaKey: true }],
    ["shift-click", "Works", { shiftKey: true }],
    ["middle button", "Works", { button: 1 }],
    ["target=_blank", "Works in a new tab", {}],
    ["download", "Press kit", {}],
    ["another origin", "Vimeo", {}],
    ["the current address", "Current page", {}],
    ["a hash on the current page", "Contact section", {}],
    ["the language switch (a new document)", "English", {}],
    ["a click the page's own handler cancelled", "Handled by the page", {}],
  ])("does not start for %s", (_, linkText, init) => {
    window.history.replaceState(null, "", "/fr");
    renderPage();
    fireEvent.click(screen.getByText(linkText), init);
    wait(1000);
    expect(progressBar()).not.toBeInTheDocument();
  });

  it("does not come back when a later navigation returns to where a slow one started", () => {
    const { routeRendered } = renderPage();
    fireEvent.click(screen.getByText("Works"));
    wait(200);
    routeRendered("/fr/works");
    // e.g. router.push("/fr") from code, which the listeners cannot see.
    routeRendered("/fr");
    expect(progressBar()).not.toBeInTheDocument();
  });
});
