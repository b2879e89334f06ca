import type { EmbedField } from "@prismicio/client";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import Cookies from "js-cookie";

import { ConsentProvider } from "./consent-provider";
import { ConsentSlot } from "./consent-slot";
import { ScrollProvider } from "@/features/scroll";
import { OPEN_CONSENT_EVENT, openConsentPreferences } from "./open-preferences";
import { ConsentVideo, videoSource } from "@/features/video";
import { CONSENT_MODE_DEFAULTS } from "./analytics";
import { CONSENT_COOKIE } from "./consent-cookie";
import { CONSENT_LABEL_KEYS } from "./labels";
import { siteServices } from "./services";
import { useConsentEvent, useConsentState, useServiceConsent } from "./use-consent";
import { DEFAULT_TRANSLATIONS, pickLabels } from "@/lib/i18n/default-translations";
import { StrictMode, useEffect } from "react";

const fr = DEFAULT_TRANSLATIONS.fr;
const services = siteServices(fr, undefined);

const youtube = {
  type: "video",
  version: "1.0",
  provider_name: "YouTube",
  embed_url: "https://www.youtube.com/watch?v=R6MlUcmOul8",
  title: "Mémoire vive",
  width: 640,
  height: 360,
  html: '<iframe src="https://www.youtube.com/embed/R6MlUcmOul8?feature=oembed"></iframe>',
} as EmbedField;

function Page({ children }: { children?: React.ReactNode }) {
  return (
    <ScrollProvider>
      <ConsentProvider services={services}>
        <ConsentSlot labels={pickLabels(fr, CONSENT_LABEL_KEYS)} />
        <ConsentVideo
          video={videoSource(youtube)}
          title="Mémoire vive"
          playLabel="Lire la vidéo — Mémoire vive"
          blockedLabel={fr["consent.video_blocked"]}
          allowLabel={fr["consent.video_allow"]}
          watchLabel="Voir sur YouTube"
        />
        {children}
      </ConsentProvider>
    </ScrollProvider>
  );
}

/** A returning visitor's page (every video refused) showing the consent's view as text. */
function renderWithView() {
  Cookies.set(CONSENT_COOKIE, JSON.stringify({ necessary: true, youtube: false, vimeo: false }));
  function ViewProbe() {
    return <p data-testid="view">{useConsentState().view}</p>;
  }
  return render(
    <Page>
      <ViewProbe />
    </Page>,
  );
}

const videoQuestion = "Cette vidéo est hébergée par YouTube, qui peut déposer des cookies.";

const savedCookie = () => JSON.parse(Cookies.get(CONSENT_COOKIE) ?? "null");

afterEach(() => {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: "/" });
  // The provider marks the page once it has read the cookie; each test waits for its own mark.
  delete document.documentElement.dataset.consent;
});

describe("consent provider and hooks", () => {
  it("throws a clear error when a consent hook is used outside its provider", () => {
    function Orphan() {
      useServiceConsent("youtube");
      return null;
    }
    const error = jest.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<Orphan />)).toThrow(/inside <ConsentProvider>/);
    error.mockRestore();
  });

  it("shows the notice on a first visit; the video shows its play button and asks for YouTube only when played", async () => {
    render(<Page />);
    expect(await screen.findByRole("region", { name: "Cookies et vie privée" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Tout accepter" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Tout refuser" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Personnaliser" })).toBeInTheDocument();
    // At rest the video is its poster and play button, not a cookie notice.
    expect(screen.queryByText(videoQuestion)).toBeNull();
    expect(screen.queryByRole("button", { name: "Autoriser YouTube et lire" })).toBeNull();
    expect(document.querySelector("iframe")).toBeNull();
    expect(Cookies.get(CONSENT_COOKIE)).toBeUndefined();

    await userEvent.click(screen.getByRole("button", { name: "Lire la vidéo — Mémoire vive" }));
    const question = screen.getByRole("group", { name: videoQuestion });
    expect(within(question).getByRole("button", { name: "Autoriser YouTube et lire" })).toHaveFocus();
    expect(within(question).getByRole("link", { name: "Voir sur YouTube" })).toHaveAttribute(
      "href",
      "https://www.youtube.com/watch?v=R6MlUcmOul8",
    );
    expect(document.querySelector("iframe")).toBeNull();
    expect(Cookies.get(CONSENT_COOKIE)).toBeUndefined();

    await userEvent.click(screen.getByRole("button", { name: "Autoriser YouTube et lire" }));
    const player = document.querySelector("iframe");
    expect(player?.getAttribute("src")).toMatch(/^https:\/\/www\.youtube-nocookie\.com\//);
    expect(player).toHaveFocus();
    expect(savedCookie()).toEqual({ necessary: true, youtube: true });
    // Vimeo is still undecided, so the notice stays.
    expect(screen.getByRole("region", { name: "Cookies et vie privée" })).toBeInTheDocument();
  });

  it("plays at once, without asking, once YouTube is allowed", async () => {
    Cookies.set(CONSENT_COOKIE, JSON.stringify({ necessary: true, youtube: true, vimeo: false }));
    render(<Page />);
    await waitFor(() => expect(document.documentElement.dataset.consent).toBe("ready"));
    await userEvent.click(screen.getByRole("button", { name: "Lire la vidéo — Mémoire vive" }));
    expect(document.querySelector("iframe")).toHaveFocus();
    expect(screen.queryByText(videoQuestion)).toBeNull();
  });

  it("treats a malformed cookie as no consent, without breaking the page", async () => {
    document.cookie = `${CONSENT_COOKIE}=%7B%22youtube%22%3Atrue%2C%22__proto__%22%3A%7B%7D%7D; path=/`;
    render(<Page />);
    expect(await screen.findByRole("region", { name: "Cookies et vie privée" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Lire la vidéo — Mémoire vive" }));
    expect(screen.getByRole("group", { name: videoQuestion })).toBeInTheDocument();
    expect(document.querySelector("iframe")).toBeNull();
  });

  it("applies a complete cookie silently: no notice, the player's play button", async () => {
    Cookies.set(CONSENT_COOKIE, JSON.stringify({ necessary: true, youtube: true, vimeo: false }));
    render(<Page />);
    expect(await screen.findByRole("button", { name: "Lire la vidéo — Mémoire vive" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Cookies et vie privée" })).not.toBeInTheDocument();
  });

  it("saves refuse all, hides the notice, announces the choice, and emits each service's event", async () => {
    const events: string[] = [];
    function Listener() {
      useConsentEvent("*", ({ service, enabled }) => events.push(`${service}:${enabled}`));
      return null;
    }
    render(
      <Page>
        <Listener />
      </Page>,
    );
    await userEvent.click(await screen.findByRole("button", { name: "Tout refuser" }));
    expect(savedCookie()).toEqual({ necessary: true, youtube: false, vimeo: false });
    expect(screen.queryByRole("region", { name: "Cookies et vie privée" })).not.toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Vos choix de cookies ont été enregistrés.");
    expect(events.slice(-3)).toEqual(["necessary:true", "youtube:false", "vimeo:false"]);
  });

  it("opens the panel on the footer's cookie preferences event", async () => {
    renderWithView();
    await waitFor(() => expect(document.documentElement.dataset.consent).toBe("ready"));
    expect(screen.getByTestId("view")).toHaveTextContent("hidden");
    act(() => {
      window.dispatchEvent(new CustomEvent(OPEN_CONSENT_EVENT));
    });
    expect(screen.getByTestId("view")).toHaveTextContent("expanded");
    expect(
      await screen.findByRole("dialog", { name: "Les informations que nous collectons" }),
    ).toBeInTheDocument();
  });

  it("opens the panel for a press of cookie preferences made before the provider listened", async () => {
    openConsentPreferences();
    const first = renderWithView();
    await waitFor(() => expect(screen.getByTestId("view")).toHaveTextContent("expanded"));
    expect(
      await screen.findByRole("dialog", { name: "Les informations que nous collectons" }),
    ).toBeInTheDocument();
    // Answered once: a provider mounted later does not open the panel again.
    first.unmount();
    delete document.documentElement.dataset.consent;
    renderWithView();
    await waitFor(() => expect(document.documentElement.dataset.consent).toBe("ready"));
    expect(screen.getByTestId("view")).toHaveTextContent("hidden");
  });

  it("initialises analytics once under React Strict Mode", async () => {
    new Function(CONSENT_MODE_DEFAULTS)();
    delete document.documentElement.dataset.consent;
    Cookies.set(
      CONSENT_COOKIE,
      JSON.stringify({ necessary: true, analytics: true, youtube: false, vimeo: false }),
    );
    render(
      <StrictMode>
        <ConsentProvider services={siteServices(fr, "G-STRICT001")} gaMeasurementId="G-STRICT001">
          <ConsentSlot labels={pickLabels(fr, CONSENT_LABEL_KEYS)} />
        </ConsentProvider>
      </StrictMode>,
    );
    await waitFor(() => expect(document.documentElement.dataset.consent).toBe("ready"));
    expect(document.querySelectorAll('script[src*="googletagmanager.com/gtag/js"]')).toHaveLength(1);
    const commands = (window.dataLayer ?? []).map((entry) => Array.from(entry as IArguments));
    expect(commands.filter(([command]) => command === "config")).toEqual([["config", "G-STRICT001"]]);
    expect(commands.filter(([command, type]) => command === "consent" && type === "update")).toEqual([
      ["consent", "update", { analytics_storage: "granted" }],
    ]);
    expect(screen.queryByRole("region")).not.toBeInTheDocument();
  });

  it("applies an action made before the provider's effect (a video allowed in that moment), analytics included", async () => {
    new Function(CONSENT_MODE_DEFAULTS)();
    Cookies.set(
      CONSENT_COOKIE,
      JSON.stringify({ necessary: true, analytics: true, youtube: false, vimeo: false }),
    );
    // A child's effect runs before its provider's: the moment between hydration and the provider's effect.
    function EarlyAllow() {
      const { allow } = useServiceConsent("youtube");
      useEffect(() => allow(), [allow]);
      return null;
    }
    render(
      <ConsentProvider services={siteServices(fr, "G-EARLY0001")} gaMeasurementId="G-EARLY0001">
        <EarlyAllow />
      </ConsentProvider>,
    );
    await waitFor(() => expect(document.documentElement.dataset.consent).toBe("ready"));
    expect(savedCookie()).toMatchObject({ analytics: true, youtube: true });
    expect(document.querySelectorAll('script[src*="gtag/js?id=G-EARLY0001"]')).toHaveLength(1);
  });
});
