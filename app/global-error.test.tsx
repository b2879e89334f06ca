import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import GlobalError from "@/app/global-error";

let mockPathname = "/";

jest.mock("next/navigation", () => ({
  usePathname: () => mockPathname,
}));

function renderAt(pathname: string, reset = jest.fn()) {
  mockPathname = pathname;
  // <html> and <body> are document singletons: React renders them onto the document's own.
  render(<GlobalError error={new Error("layout failed")} reset={reset} />, { container: document });
  return reset;
}

describe("GlobalError", () => {
  it.each([
    ["/en", "en", "An error occurred while showing the error page", "Try again", "Go back to home", "/en"],
    [
      "/en/works/northern-lights",
      "en",
      "An error occurred while showing the error page",
      "Try again",
      "Go back to home",
      "/en",
    ],
    [
      "/",
      "fr",
      "Une erreur est survenue lors de l’affichage de la page d’erreur",
      "Réessayer",
      "Retour à l’accueil",
      "/",
    ],
    [
      "/works/aurores-boreales",
      "fr",
      "Une erreur est survenue lors de l’affichage de la page d’erreur",
      "Réessayer",
      "Retour à l’accueil",
      "/",
    ],
    // Only the /en segment is English, not any path that begins with those letters.
    [
      "/entreprise",
      "fr",
      "Une erreur est survenue lors de l’affichage de la page d’erreur",
      "Réessayer",
      "Retour à l’accueil",
      "/",
    ],
  ])("at %s shows the %s page with its home link", (pathname, lang, heading, retry, home, href) => {
    renderAt(pathname);
    expect(document.documentElement).toHaveAttribute("lang", lang);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(heading);
    expect(screen.getByRole("button", { name: retry })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: home })).toHaveAttribute("href", href);
  });

  it("retries when asked", async () => {
    const reset = renderAt("/en/contact");
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(reset).toHaveBeenCalledTimes(1);
  });
});
