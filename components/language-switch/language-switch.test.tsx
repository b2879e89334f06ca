import { render, screen, within } from "@testing-library/react";

import { LanguageSwitch } from "@/components/language-switch/language-switch";

function renderSwitch(lang: "fr" | "en") {
  render(
    <LanguageSwitch
      lang={lang}
      alternates={{ fr: "/works/aurores-boreales", en: "/en/works/northern-lights" }}
      label={lang === "fr" ? "Changer de langue" : "Change language"}
    />,
  );
}

describe("LanguageSwitch", () => {
  it("names the other language's link by its visible code, then its own name (label in name)", () => {
    renderSwitch("fr");
    const nav = screen.getByRole("navigation", { name: "Changer de langue" });
    const link = within(nav).getByRole("link", { name: "EN – English" });
    expect(link).toHaveAttribute("href", "/en/works/northern-lights");
    expect(link).toHaveAttribute("hreflang", "en");
    expect(link).toHaveAttribute("lang", "en");
    // What is on screen is the code; the name is for screen readers only.
    expect(link.firstChild).toHaveTextContent(/^EN$/);
    expect(within(link).getByText("– English")).toHaveClass("visually-hidden");
    expect(link).not.toHaveAttribute("aria-label");
  });

  it("marks the current language the same way, in its own language", () => {
    renderSwitch("en");
    const current = screen.getByText("EN", { exact: false, selector: "[aria-current]" });
    expect(current).toHaveAttribute("aria-current", "true");
    expect(current).toHaveAttribute("lang", "en");
    expect(current).toHaveTextContent("EN – English");
    expect(screen.getByRole("link", { name: "FR – Français" })).toHaveAttribute(
      "href",
      "/works/aurores-boreales",
    );
    expect(screen.getAllByRole("link")).toHaveLength(1);
  });
});
