import { DEFAULT_TRANSLATIONS } from "@/lib/i18n/default-translations";

import { sliceContext } from "./slice-context";

describe("slice context", () => {
  test("carries the page's translations, or the language's defaults when it has none (the simulator)", () => {
    const t = { ...DEFAULT_TRANSLATIONS.en, "works.play_video": "Watch" };
    expect(sliceContext("en", t)).toEqual({ lang: "en", t });
    expect(sliceContext("fr")).toEqual({ lang: "fr", t: DEFAULT_TRANSLATIONS.fr });
    expect(sliceContext("en").t["works.play_video"]).toBe("Play video");
  });
});
