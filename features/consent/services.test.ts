import { DEFAULT_TRANSLATIONS } from "@/lib/i18n/default-translations";
import { playerService, registerServices, siteServices } from "./services";

describe("consent services registry", () => {
  it("ignores entries lacking an id or a name, or repeating an id", () => {
    const services = registerServices([
      { id: "necessary", name: "Necessary", required: true },
      { name: "No id" },
      { id: "noname" },
      { id: "blank", name: "   " },
      { id: "Bad Id", name: "Bad id" },
      { id: "necessary", name: "Twice" },
      { id: "videos", name: "Videos", description: "Players", default: true },
    ]);
    expect(services.map((service) => service.id)).toEqual(["necessary", "videos"]);
  });

  it("turns required services on and leaves the others off until a choice is made", () => {
    const [necessary, videos] = registerServices([
      { id: "necessary", name: "Necessary", required: true },
      { id: "videos", name: "Videos", default: true },
    ]);
    expect(necessary).toEqual({
      id: "necessary",
      name: "Necessary",
      description: "",
      required: true,
      default: true,
      enabled: true,
    });
    expect(videos).toMatchObject({ required: false, default: true, enabled: false });
  });

  it("reports each ignored entry", () => {
    const ignored = jest.fn();
    registerServices(
      [{ name: "No id" }, { id: "video", name: "Video" }, { id: "video", name: "Again" }],
      ignored,
    );
    expect(ignored.mock.calls).toEqual([[{ name: "No id" }], [{ id: "video", name: "Again" }]]);
  });

  it("registers audience measurement only with a measurement id, and names services in the page's language", () => {
    const fr = DEFAULT_TRANSLATIONS.fr;
    expect(siteServices(fr, undefined).map((service) => service.id)).toEqual([
      "necessary",
      "youtube",
      "vimeo",
    ]);
    const services = siteServices(fr, "G-TEST1234");
    expect(services.map((service) => service.id)).toEqual(["necessary", "analytics", "youtube", "vimeo"]);
    expect(services[1]).toMatchObject({ name: "Mesure d’audience", required: false, default: false });
    expect(services[0]).toMatchObject({ name: "Cookies nécessaires", required: true });
    expect(siteServices(DEFAULT_TRANSLATIONS.en, undefined)[0].name).toBe("Necessary cookies");
  });

  it.each([
    ["https://www.youtube-nocookie.com/embed/abc?autoplay=1", "youtube"],
    ["https://www.youtube.com/embed/abc", "youtube"],
    ["https://player.vimeo.com/video/1", "vimeo"],
    ["https://w.soundcloud.com/player/?url=x", undefined],
    ["https://player.vimeo.com.evil.example/video/1", undefined],
    ["not a url", undefined],
    [undefined, undefined],
  ])("maps the player %s to the service %s", (url, service) => {
    expect(playerService(url)).toBe(service);
  });
});
