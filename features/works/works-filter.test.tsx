import { render, screen, within } from "@testing-library/react";

import { WorksFilter, type CategoryCount } from "./works-filter";
import { textWidthEm } from "@/lib/fonts/text-width";
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

  test("each chip's label and count carry the width they take in the text face (held while the stand-ins show), the current one's in bold", () => {
    const { nav } = renderFilter("documentary");
    const widths = nav()
      .getAllByRole("link")
      .map((link) =>
        Array.from(link.querySelectorAll("span"), (span) => [
          span.textContent,
          span.style.getPropertyValue("--face-width"),
        ]),
      );
    const em = (text: string, weight: number, tabularNums = false) =>
      `${textWidthEm(text, { weight, tabularNums })}em`;
    expect(widths).toEqual([
      [
        ["Tous", em("Tous", 400)],
        ["(7)", em("(7)", 400, true)],
      ],
      [
        ["Contenu de marque", em("Contenu de marque", 400)],
        ["(3)", em("(3)", 400, true)],
      ],
      [
        ["Documentaire", em("Documentaire", 700)],
        ["(5)", em("(5)", 700, true)],
      ],
      [
        ["Film", em("Film", 400)],
        ["(1)", em("(1)", 400, true)],
      ],
    ]);
  });

  test("a label the text face cannot set carries no width: it takes its own all along", () => {
    const { nav } = renderFilter(null);
    expect(
      nav().getAllByRole("link")[0]!.querySelector("span")!.style.getPropertyValue("--face-width"),
    ).toMatch(/^\d+\.\d+em$/);
    render(
      <WorksFilter
        current={null}
        page={1}
        total={7}
        counts={COUNTS}
        href={() => "/works"}
        t={{ ...t, "works.filter_all": "Tous ✓" }}
      />,
    );
    const label = screen.getAllByRole("link", { name: "Tous ✓ (7)" })[0]!.querySelector("span")!;
    expect(label.getAttribute("style")).toBeNull();
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
