import type { Content } from "@prismicio/client";
import { render, screen, within } from "@testing-library/react";

import { SiteHeader } from "./site-header";
import { ScrollProvider } from "@/features/scroll";
import { textWidthEm } from "@/lib/fonts/text-width";
import { DEFAULT_TRANSLATIONS } from "@/lib/i18n/default-translations";
import type { Lang } from "@/lib/i18n/locales";

const t = DEFAULT_TRANSLATIONS.fr;

function renderHeader(
  alternates: Partial<Record<Lang, string>>,
  settings: Content.SettingsDocument | null = null,
) {
  // The menu toggle locks scrolling while open: the layout's ScrollProvider is around every page.
  render(
    <ScrollProvider>
      <SiteHeader lang="fr" t={t} settings={settings} companyName="Vif Argent" alternates={alternates} />
    </ScrollProvider>,
  );
  return within(screen.getByRole("navigation", { name: t["common.main_navigation"] }));
}

const current = (nav: ReturnType<typeof renderHeader>) =>
  nav
    .getAllByRole("link")
    .filter((link) => link.getAttribute("aria-current") === "page")
    .map((link) => link.getAttribute("href"));

describe("SiteHeader", () => {
  it("marks the link to the page shown as the current page, in the server's HTML", () => {
    expect(current(renderHeader({ fr: "/works", en: "/en/works" }))).toEqual(["/works"]);
  });

  it("marks a list's link on every page of the list", () => {
    expect(
      current(renderHeader({ fr: "/works-completed?page=3", en: "/en/works-completed?page=3" })),
    ).toEqual(["/works-completed"]);
  });

  it("gives each link the width its label takes in the text face, for wide screens' row while the stand-ins show", () => {
    const links = renderHeader({ fr: "/works" }).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.style.getPropertyValue("--face-width")])).toEqual(
      links.map((link) => [link.textContent, `${textWidthEm(link.textContent!, { weight: 600 })}em`]),
    );
    expect(links.every((link) => /^\d+\.\d+em$/.test(link.style.getPropertyValue("--face-width")))).toBe(
      true,
    );
  });

  it("marks nothing on a page the menu does not list, nor on a 404", () => {
    expect(current(renderHeader({ fr: "/works/hors-champ", en: "/en/works/beneath-the-surface" }))).toEqual(
      [],
    );
    document.body.innerHTML = "";
    expect(current(renderHeader({}))).toEqual([]);
  });

  it("leaves out a menu entry from the settings whose address content should never have", () => {
    const settings = {
      data: {
        navigation: [
          { label: "Projets", link: { link_type: "Web", url: "/works" } },
          { label: "Ailleurs", link: { link_type: "Web", url: "//evil.example/x" } },
          { label: "Script", link: { link_type: "Web", url: "javascript:alert(1)" } },
        ],
      },
    } as unknown as Content.SettingsDocument;
    const nav = renderHeader({ fr: "/works" }, settings);
    expect(nav.getAllByRole("link").map((link) => link.textContent)).toEqual(["Projets"]);
  });
});
