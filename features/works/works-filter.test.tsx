import { render, screen, within } from "@testing-library/react";

import { WorksFilter, type CategoryCount } from "./works-filter";
import { DEFAULT_TRANSLATIONS } from "@/lib/i18n/default-translations";
import { listPublicPath } from "@/lib/routing/resolve-path";
import { WORK_CATEGORIES, type WorkCategory } from "@/lib/site/work-categories";

const t = DEFAULT_TRANSLATIONS.fr;

const COUNTS: CategoryCount[] = WORK_CATEGORIES.map((category) => ({
  category,
  count: { documentary: 5, "brand content": 3, film: 1 }[category as string] ?? 0,
}));

function renderFilter(current: WorkCategory | null, counts = COUNTS, page = 1) {
  const { container } = render(
    <WorksFilter
      current={current}
      page={page}
      total={7}
      counts={counts}
      href={(category) => listPublicPath("fr", { type: "works_completed_page", category, page: 1 })}
      t={t}
    />,
  );
  return { container, nav: () => within(screen.getByRole("navigation", { name: t["works.filter_label"] })) };
}

describe("WorksFilter", () => {
  test("a labelled navigation of plain links: all, then each category holding a work, with its count", () => {
    const { nav } = renderFilter(null);
    const links = nav().getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Tous (7)", "/works-completed"],
      ["Contenu de marque (3)", "/works-completed?category=brand-content"],
      ["Documentaire (5)", "/works-completed?category=documentary"],
      ["Film (1)", "/works-completed?category=film"],
    ]);
    // The whole list is the current one: marked, and nothing to clear.
    expect(links.filter((link) => link.getAttribute("aria-current") === "page")).toEqual([links[0]]);
    expect(screen.queryByRole("link", { name: t["works.filter_clear"] })).toBeNull();
  });

  test("a filter set is marked, named, and cleared by a link to the whole list", () => {
    const { nav } = renderFilter("documentary");
    const current = nav()
      .getAllByRole("link")
      .filter((link) => link.getAttribute("aria-current") === "page");
    expect(current.map((link) => link.textContent)).toEqual(["Documentaire (5)"]);
    expect(screen.getByText(/Catégorie : Documentaire\./)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: t["works.filter_clear"] })).toHaveAttribute(
      "href",
      "/works-completed",
    );
  });

  test("on a later page, the current filter's link (to its first page) is marked current, not as this page", () => {
    const { nav } = renderFilter("documentary", COUNTS, 3);
    const marked = nav()
      .getAllByRole("link")
      .filter((link) => link.hasAttribute("aria-current"));
    expect(marked.map((link) => [link.textContent, link.getAttribute("aria-current")])).toEqual([
      ["Documentaire (5)", "true"],
    ]);
  });

  test("nothing when no work of the list has a category", () => {
    const { container } = renderFilter(
      null,
      COUNTS.map(({ category }) => ({ category, count: 0 })),
    );
    expect(container).toBeEmptyDOMElement();
  });
});
