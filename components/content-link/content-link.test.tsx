import type { LinkField } from "@prismicio/client";
import { render, screen } from "@testing-library/react";

import { ContentLink } from "@/components/content-link/content-link";

const documentLink = {
  link_type: "Document",
  id: "aNrJ3u7xx3eWXypO",
  type: "contact_page",
  lang: "fr-fr",
  url: "/contact",
  isBroken: false,
  text: "Nous écrire",
} as unknown as LinkField;

const webLink = (target?: string) =>
  ({ link_type: "Web", url: "https://example.org/reel", target }) as unknown as LinkField;

describe("ContentLink", () => {
  it("links a document to its resolved URL, with the field's text by default", () => {
    render(<ContentLink field={documentLink} />);
    expect(screen.getByRole("link", { name: "Nous écrire" })).toHaveAttribute("href", "/contact");
  });

  it("prefers its children over the field's text", () => {
    render(<ContentLink field={documentLink}>Contact</ContentLink>);
    expect(screen.getByRole("link", { name: "Contact" })).toHaveAttribute("href", "/contact");
  });

  it("opens an external link where the editor chose, without a referrer", () => {
    render(<ContentLink field={webLink("_blank")}>Reel</ContentLink>);
    const link = screen.getByRole("link", { name: "Reel" });
    expect(link).toHaveAttribute("href", "https://example.org/reel");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noreferrer");
  });

  it("keeps a rel given by the page over the field's", () => {
    render(
      <ContentLink field={webLink("_blank")} rel="me noopener noreferrer">
        Profile
      </ContentLink>,
    );
    expect(screen.getByRole("link", { name: "Profile" })).toHaveAttribute("rel", "me noopener noreferrer");
  });

  it("passes other props through to the anchor", () => {
    render(
      <ContentLink field={webLink()} className="cta" aria-describedby="hint">
        Go
      </ContentLink>,
    );
    const link = screen.getByRole("link", { name: "Go" });
    expect(link).toHaveClass("cta");
    expect(link).toHaveAttribute("aria-describedby", "hint");
    expect(link).not.toHaveAttribute("target");
  });
});

describe("ContentLink with an unsafe address from content", () => {
  it.each([
    "javascript:alert(document.cookie)",
    " JavaScript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "//evil.example/phish",
  ])("keeps the words and drops the link for %s", (url) => {
    const { container } = render(
      <ContentLink field={{ link_type: "Web", url } as unknown as LinkField}>Voir</ContentLink>,
    );
    expect(screen.getByText("Voir")).toBeInTheDocument();
    expect(container.querySelector("a")).toBeNull();
  });

  it.each([
    "https://example.org",
    "http://example.org",
    "mailto:hello@vifargent.productions",
    "tel:+33100000000",
    "/works",
    "#credits",
  ])("links %s", (url) => {
    render(<ContentLink field={{ link_type: "Web", url } as unknown as LinkField}>Voir</ContentLink>);
    expect(screen.getByRole("link", { name: "Voir" })).toHaveAttribute("href", url);
  });

  it("keeps the words of an empty link field, without a link that would reload the page", () => {
    const { container } = render(
      <ContentLink field={{ link_type: "Any" } as unknown as LinkField}>Bientôt</ContentLink>,
    );
    expect(container).toHaveTextContent("Bientôt");
    expect(container.querySelector("a")).toBeNull();
  });
});
