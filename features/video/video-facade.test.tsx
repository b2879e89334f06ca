import type { EmbedField } from "@prismicio/client";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { renderToString } from "react-dom/server";

import { VideoFacade, type VideoFacadeProps } from "./video-facade";
import { videoSource } from "./video-source";

function embed(provider: string, embedUrl: string, html: string | null): EmbedField {
  return {
    type: "video",
    version: "1.0",
    provider_name: provider,
    embed_url: embedUrl,
    title: "Northern Lights — trailer",
    width: 640,
    height: 360,
    html,
  } as EmbedField;
}

const vimeo = embed(
  "Vimeo",
  "https://vimeo.com/22439234",
  '<iframe src="https://player.vimeo.com/video/22439234?app_id=122963" width="640" height="360" frameborder="0" allow="autoplay; fullscreen" title="Northern Lights — trailer"></iframe>',
);
const youtube = embed(
  "YouTube",
  "https://www.youtube.com/watch?v=R6MlUcmOul8",
  '<iframe width="640" height="360" src="https://www.youtube.com/embed/R6MlUcmOul8?feature=oembed&amp;start=5" allowfullscreen></iframe>',
);

function renderFacade(props: Partial<VideoFacadeProps> = {}) {
  return render(
    <VideoFacade
      video={videoSource(vimeo)}
      title="Northern Lights"
      playLabel="Play the video: Northern Lights"
      poster={<span data-testid="poster" />}
      {...props}
    />,
  );
}

const playButton = () => screen.getByRole("button", { name: "Play the video: Northern Lights" });
const player = () => document.querySelector("iframe");

describe("VideoFacade", () => {
  it("shows the poster, the title and a play button, but no player, before a click", () => {
    renderFacade();
    expect(screen.getByTestId("poster")).toBeInTheDocument();
    expect(screen.getByText("Northern Lights")).toBeVisible();
    expect(playButton()).toBeInTheDocument();
    expect(player()).toBeNull();
  });

  it("keeps the video's proportions so loading the player shifts nothing", () => {
    const { container } = renderFacade();
    expect((container.firstChild as HTMLElement).style.getPropertyValue("--video-aspect-ratio")).toBe(
      "640 / 360",
    );
  });

  it("loads the Vimeo player with autoplay on click and moves focus to it", async () => {
    renderFacade();
    await userEvent.click(playButton());

    const iframe = player()!;
    expect(iframe).toHaveAttribute("src", "https://player.vimeo.com/video/22439234?app_id=122963&autoplay=1");
    expect(iframe).toHaveAttribute("title", "Northern Lights");
    expect(iframe).toHaveAttribute("allow", "autoplay; fullscreen; picture-in-picture");
    expect(iframe).toHaveAttribute("allowfullscreen");
    // Sandboxed: no top navigation, no forms, no downloads from the player.
    expect(iframe.getAttribute("sandbox")?.split(" ").sort()).toEqual([
      "allow-popups",
      "allow-popups-to-escape-sandbox",
      "allow-presentation",
      "allow-same-origin",
      "allow-scripts",
    ]);
    expect(iframe).toHaveFocus();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("plays YouTube from the no-cookie host, keeping the embed's parameters", async () => {
    renderFacade({ video: videoSource(youtube) });
    await userEvent.keyboard("{Tab}{Enter}");

    const src = new URL(player()!.src);
    expect(src.origin).toBe("https://www.youtube-nocookie.com");
    expect(src.pathname).toBe("/embed/R6MlUcmOul8");
    expect(Object.fromEntries(src.searchParams)).toEqual({ feature: "oembed", start: "5", autoplay: "1" });
  });

  it("never renders the embed's own markup", async () => {
    const hostile = embed(
      "Example",
      "https://vimeo.com/1",
      '<iframe src="https://player.vimeo.com/video/1" onload="alert(1)"></iframe><img src="x" onerror="alert(2)"><script>alert(3)</script>',
    );
    const { container } = renderFacade({ video: videoSource(hostile) });
    await userEvent.click(playButton());

    expect(player()).toHaveAttribute("src", "https://player.vimeo.com/video/1?autoplay=1");
    expect(player()).not.toHaveAttribute("onload");
    expect(container.querySelector("img, script")).toBeNull();
  });

  it.each([
    ["an http player", '<iframe src="http://www.youtube.com/embed/R6MlUcmOul8"></iframe>'],
    ["a javascript: player", '<iframe src="javascript:alert(1)"></iframe>'],
    ["a player the site may not frame", '<iframe src="https://video.example/player/1"></iframe>'],
    ["a look-alike host", '<iframe src="https://player.vimeo.com.evil.example/video/1"></iframe>'],
    ["credentials before the host", '<iframe src="https://player.vimeo.com@evil.example/video/1"></iframe>'],
    ["no iframe at all", "<div>R6MlUcmOul8</div>"],
    ["no html", null],
  ])("with %s, offers a link to the provider instead of a player", (_, html) => {
    renderFacade({
      video: videoSource(embed("YouTube", "https://www.youtube.com/watch?v=R6MlUcmOul8", html)),
    });

    expect(screen.getByRole("link", { name: "Watch on YouTube" })).toHaveAttribute(
      "href",
      "https://www.youtube.com/watch?v=R6MlUcmOul8",
    );
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    expect(player()).toBeNull();
  });

  it("uses the given label for the provider link", () => {
    renderFacade({
      video: videoSource(embed("Vimeo", "https://vimeo.com/1", null)),
      watchLabel: "Voir sur Vimeo",
    });
    expect(screen.getByRole("link", { name: "Voir sur Vimeo" })).toBeInTheDocument();
  });

  it("without a question, offers only the provider's link while the player is not allowed", () => {
    renderFacade({ isAllowed: false, watchLabel: "Watch on Vimeo" });
    expect(screen.getByRole("link", { name: "Watch on Vimeo" })).toBeInTheDocument();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    expect(player()).toBeNull();
  });

  describe("a player the visitor has not allowed yet", () => {
    /** The question as ConsentVideo asks it; answering it allows the player, as the consent store would. */
    function Gated({ onAllow }: { onAllow?: () => void }) {
      const [isAllowed, setIsAllowed] = useState(false);
      return (
        <>
          <VideoFacade
            video={videoSource(vimeo)}
            title="Northern Lights"
            playLabel="Play the video: Northern Lights"
            poster={<span data-testid="poster" />}
            watchLabel="Watch on Vimeo"
            dismissLabel="Close"
            isAllowed={isAllowed}
            question={({ labelId, firstControl, play, watchLink }) => (
              <>
                <p id={labelId}>This video is hosted by Vimeo, which may set cookies.</p>
                <button
                  ref={firstControl}
                  type="button"
                  onClick={() => {
                    onAllow?.();
                    setIsAllowed(true);
                    play();
                  }}
                >
                  Allow Vimeo and play
                </button>
                {watchLink}
              </>
            )}
          />
          <button type="button">Elsewhere on the page</button>
        </>
      );
    }
    const question = () =>
      screen.queryByRole("group", { name: "This video is hosted by Vimeo, which may set cookies." });
    const allowButton = () => screen.getByRole("button", { name: "Allow Vimeo and play" });

    it("shows the poster and the same play button at rest, with no question and no player", () => {
      render(<Gated />);
      expect(screen.getByTestId("poster")).toBeInTheDocument();
      expect(screen.getByText("Northern Lights")).toBeVisible();
      expect(playButton()).toBeInTheDocument();
      expect(question()).toBeNull();
      expect(screen.queryByText(/may set cookies/)).toBeNull();
      expect(screen.queryByRole("button", { name: "Allow Vimeo and play" })).toBeNull();
      expect(player()).toBeNull();
    });

    it("asks in place when play is pressed, and moves focus to the answer", async () => {
      render(<Gated />);
      await userEvent.click(playButton());

      expect(question()).toBeInTheDocument();
      expect(allowButton()).toHaveFocus();
      expect(question()).toContainElement(screen.getByRole("link", { name: "Watch on Vimeo" }));
      expect(screen.getByRole("link", { name: "Watch on Vimeo" })).toHaveAttribute(
        "href",
        "https://vimeo.com/22439234",
      );
      // Over the poster, in the same frame; still nothing from the host.
      expect(screen.getByTestId("poster")).toBeInTheDocument();
      expect(screen.queryByRole("button", { name: "Play the video: Northern Lights" })).toBeNull();
      expect(player()).toBeNull();
    });

    it("plays at once when allowed, with focus on the player", async () => {
      const onAllow = jest.fn();
      render(<Gated onAllow={onAllow} />);
      await userEvent.click(playButton());
      await userEvent.click(allowButton());

      expect(onAllow).toHaveBeenCalledTimes(1);
      expect(player()).toHaveAttribute(
        "src",
        "https://player.vimeo.com/video/22439234?app_id=122963&autoplay=1",
      );
      expect(player()).toHaveFocus();
      expect(question()).toBeNull();
    });

    it("works from the keyboard alone: Tab to play, Enter, then Enter to allow", async () => {
      render(<Gated />);
      await userEvent.keyboard("{Tab}");
      expect(playButton()).toHaveFocus();
      await userEvent.keyboard("{Enter}");
      expect(allowButton()).toHaveFocus();
      await userEvent.keyboard("{Tab}");
      expect(screen.getByRole("link", { name: "Watch on Vimeo" })).toHaveFocus();
      await userEvent.keyboard("{Tab}");
      expect(screen.getByRole("button", { name: "Close" })).toHaveFocus();
      await userEvent.keyboard("{Shift>}{Tab}{Tab}{/Shift}{Enter}");
      expect(player()).toHaveFocus();
    });

    it.each([
      ["Escape", () => userEvent.keyboard("{Escape}")],
      ["the close button", () => userEvent.click(screen.getByRole("button", { name: "Close" }))],
    ])("puts the question away with %s, focus back on the play button", async (_, dismiss) => {
      render(<Gated />);
      await userEvent.click(playButton());
      await dismiss();

      expect(question()).toBeNull();
      expect(playButton()).toHaveFocus();
      expect(screen.getByTestId("poster")).toBeInTheDocument();
      expect(player()).toBeNull();
    });
  });

  it("sends, for visitors without JavaScript, the play control as a link to the provider's page", () => {
    const html = renderToString(
      <VideoFacade
        video={videoSource(vimeo)}
        title="Northern Lights"
        playLabel="Play the video: Northern Lights"
        watchLabel="Watch on Vimeo"
        isAllowed={false}
        question={() => null}
      />,
    );
    // A parsed document runs no script, so it reads <noscript> as a browser without JavaScript does.
    const page = new DOMParser().parseFromString(html, "text/html");
    const links = [...page.querySelectorAll("noscript a")];
    expect(links.map((link) => [link.textContent?.trim(), link.getAttribute("href")])).toEqual([
      ["Watch on Vimeo: Northern Lights", "https://vimeo.com/22439234"],
    ]);
    expect(page.querySelector("iframe")).toBeNull();
  });

  it("renders nothing for an empty embed field", () => {
    const { container } = renderFacade({ video: videoSource({} as EmbedField) });
    expect(container).toBeEmptyDOMElement();
  });
});
