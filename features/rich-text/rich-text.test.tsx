import fc from "fast-check";
import type { RichTextField } from "@prismicio/client";
import { render as renderUi, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import Cookies from "js-cookie";
import type { ReactNode } from "react";

import { CONSENT_COOKIE, ConsentProvider, siteServices } from "@/features/consent";

import { RichText } from "./rich-text";
import { DEFAULT_TRANSLATIONS } from "@/lib/i18n/default-translations";

const fr = DEFAULT_TRANSLATIONS.fr;

/** Rich text on a page: inside the consent provider every page has. */
const render = (ui: ReactNode) =>
  renderUi(<ConsentProvider services={siteServices(fr, undefined)}>{ui}</ConsentProvider>);

afterEach(() => Cookies.remove(CONSENT_COOKIE));

function embedBlock(oembed: Record<string, unknown>): RichTextField {
  return [{ type: "embed", oembed: { version: "1.0", ...oembed } }] as unknown as RichTextField;
}

/** A video whose player address is not https: the facade offers the provider's page instead. */
const videoWithoutSafePlayer = embedBlock({
  type: "video",
  provider_name: "Vimeo",
  embed_url: "https://vimeo.com/22439234",
  title: "Aurores boréales — bande-annonce",
  html: '<iframe src="http://player.vimeo.com/video/22439234"></iframe>',
});

const playableVideo = embedBlock({
  type: "video",
  provider_name: "Vimeo",
  embed_url: "https://vimeo.com/22439234",
  title: "Aurores boréales — bande-annonce",
  width: 640,
  height: 360,
  html: '<iframe src="https://player.vimeo.com/video/22439234"></iframe>',
});

describe("RichText embeds", () => {
  it("label a video's play button in the page's language, once its player is allowed", async () => {
    Cookies.set(CONSENT_COOKIE, JSON.stringify({ necessary: true, youtube: false, vimeo: true }));
    render(<RichText field={playableVideo} t={fr} />);
    expect(
      await screen.findByRole("button", { name: "Lire la vidéo — Aurores boréales — bande-annonce" }),
    ).toBeInTheDocument();
  });

  it("ask for the player's consent in the page's language before that, when played", async () => {
    render(<RichText field={playableVideo} t={fr} />);
    await userEvent.click(
      screen.getByRole("button", { name: "Lire la vidéo — Aurores boréales — bande-annonce" }),
    );
    const question = screen.getByRole("group", {
      name: "Cette vidéo est hébergée par Vimeo, qui peut déposer des cookies.",
    });
    expect(within(question).getByRole("button", { name: "Autoriser Vimeo et lire" })).toHaveFocus();
    expect(within(question).getByRole("link", { name: "Voir sur Vimeo" })).toBeInTheDocument();
    expect(within(question).getByRole("button", { name: "Fermer" })).toBeInTheDocument();
    expect(document.querySelector("iframe")).toBeNull();
  });

  it("label a video's provider link in the page's language", () => {
    render(<RichText field={videoWithoutSafePlayer} t={fr} />);
    expect(screen.getByRole("link", { name: "Voir sur Vimeo" })).toHaveAttribute(
      "href",
      "https://vimeo.com/22439234",
    );
    expect(screen.queryByText(/Watch on/)).not.toBeInTheDocument();
  });

  it("link a non-video embed to its https page", () => {
    render(
      <RichText
        field={embedBlock({
          type: "rich",
          provider_name: "SoundCloud",
          embed_url: "https://soundcloud.com/vif-argent/les-voix-du-fleuve",
          title: "Les voix du fleuve — épisode 1",
          html: "<iframe></iframe>",
        })}
        t={fr}
      />,
    );
    expect(screen.getByRole("link", { name: "Les voix du fleuve — épisode 1" })).toHaveAttribute(
      "href",
      "https://soundcloud.com/vif-argent/les-voix-du-fleuve",
    );
  });

  it.each([
    ["a javascript: address", "javascript:alert(document.cookie)"],
    ["an http address", "http://soundcloud.com/vif-argent/les-voix-du-fleuve"],
    ["a data: address", "data:text/html,<script>alert(1)</script>"],
    ["a relative address", "/works"],
  ])("never link a non-video embed with %s", (_, embedUrl) => {
    const { container } = render(
      <RichText
        field={embedBlock({
          type: "rich",
          provider_name: "SoundCloud",
          embed_url: embedUrl,
          title: "Les voix du fleuve — épisode 1",
          html: null,
        })}
        t={fr}
      />,
    );
    expect(screen.getByText("Les voix du fleuve — épisode 1")).toBeInTheDocument();
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
    expect(container.querySelector("a")).toBeNull();
  });

  it("never link a video whose page address is not https", () => {
    const { container } = render(
      <RichText
        field={embedBlock({
          type: "video",
          provider_name: "Vimeo",
          embed_url: "http://vimeo.com/22439234",
          title: "Aurores boréales — bande-annonce",
          html: null,
        })}
        t={fr}
      />,
    );
    expect(container.querySelector("a")).toBeNull();
  });
});

describe("RichText blocks", () => {
  const span = (start: number, end: number, type: string, data?: unknown) => ({ start, end, type, data });
  const field = [
    { type: "heading2", text: "Title", spans: [] },
    { type: "heading6", text: "Small", spans: [], direction: "rtl" },
    {
      type: "paragraph",
      text: "Bold and em, a link, a label\nnext line",
      spans: [
        span(0, 4, "strong"),
        span(9, 11, "em"),
        span(15, 19, "hyperlink", { link_type: "Web", url: "https://example.com/" }),
        span(23, 28, "label", { label: "highlight" }),
      ],
    },
    { type: "preformatted", text: "a  b", spans: [] },
    { type: "list-item", text: "one", spans: [] },
    { type: "list-item", text: "two", spans: [] },
    { type: "o-list-item", text: "first", spans: [] },
  ] as unknown as RichTextField;

  it("renders each block and span as the plain element it stands for", () => {
    const { container } = render(<RichText field={field} t={fr} />);
    expect(container.innerHTML).toBe(
      [
        "<h2>Title</h2>",
        '<h6 dir="rtl">Small</h6>',
        '<p><strong>Bold</strong> and <em>em</em>, a <a rel="noreferrer" href="https://example.com/">link</a>, a ' +
          `<span class="label label-highlight">label</span><br>next line</p>`,
        '<pre class="pre"><code>a  b</code></pre>',
        "<ul><li>one</li><li>two</li></ul>",
        "<ol><li>first</li></ol>",
      ].join(""),
    );
  });

  it("gives a label one class of its own, never classes its value names", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (label) => {
        const paragraph = [
          { type: "paragraph", text: "word", spans: [span(0, 4, "label", { label })] },
        ] as unknown as RichTextField;
        const { container, unmount } = render(<RichText field={paragraph} t={fr} />);
        const classes = [...container.querySelector("span")!.classList];
        unmount();
        expect(classes[0]).toBe("label");
        expect(classes.length).toBeLessThanOrEqual(2);
        if (classes[1]) expect(classes[1]).toBe(`label-${label}`);
      }),
      { numRuns: 300, seed: 22 },
    );
  });

  it("renders nothing for an empty field", () => {
    const { container } = render(<RichText field={[]} t={fr} />);
    expect(container.querySelectorAll("p, h1, h2, ul")).toHaveLength(0);
  });
});
