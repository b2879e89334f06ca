import { documentAlternates } from "@/lib/content/alternates";
import { documentPath } from "@/lib/content/document-path";
import { isValidUid } from "@/lib/content/uid";
import {
  isChunkLoadError,
  RELOAD_WINDOW_MS,
  shouldReloadForChunkError,
  statusCodeOf,
} from "@/lib/errors/chunk-reload";
import { parseEnv } from "@/lib/env/env";
import { categoryLabel, DEFAULT_TRANSLATIONS, pickLabels } from "@/lib/i18n/default-translations";
import { flattenTranslations } from "@/lib/i18n/flatten-translations";
import { localePath } from "@/lib/i18n/locales";
import { STATUS_TEXT_KEYS } from "@/lib/i18n/status-text";
import { pageMetadata } from "@/lib/seo/build-metadata";

describe("translations", () => {
  test("groups flatten to group.key from their first item; empty values are dropped", () => {
    expect(
      flattenTranslations({
        title: "Traductions",
        translations: [{ button_text: "Découvrir" }, { button_text: "ignored" }],
        errors: [{ go_home: "Retour", retry: "" }],
        empty_group: [],
      }),
    ).toEqual({ title: "Traductions", "translations.button_text": "Découvrir", "errors.go_home": "Retour" });
  });
});

describe("categories", () => {
  test("stored English keys show in the page's language; unknown ones as stored", () => {
    expect(categoryLabel("brand content", DEFAULT_TRANSLATIONS.fr)).toBe("Contenu de marque");
    expect(categoryLabel("music video", DEFAULT_TRANSLATIONS.en)).toBe("Music video");
    expect(categoryLabel("hologram", DEFAULT_TRANSLATIONS.fr)).toBe("hologram");
  });
});

describe("paths", () => {
  test("uids: Prismic's lower-case slugs only", () => {
    expect(isValidUid("aurores-boreales")).toBe(true);
    expect(isValidUid("work_2024.v2")).toBe(true);
    for (const bad of ["Aurores", "a b", "..", "-start", "%2e%2e", "é", "a".repeat(101), ""]) {
      expect(isValidUid(bad)).toBe(false);
    }
  });

  test("document paths follow the route resolvers, English under /en", () => {
    expect(documentPath({ type: "project", uid: "northern-lights", lang: "en-gb" })).toBe(
      "/en/works/northern-lights",
    );
    expect(documentPath({ type: "project", uid: "aurores", lang: "fr-fr" })).toBe("/works/aurores");
    expect(documentPath({ type: "home_page", lang: "en-gb" })).toBe("/en");
    expect(documentPath({ type: "home_page", lang: "fr-fr" })).toBe("/");
    expect(documentPath({ type: "settings", lang: "fr-fr" })).toBeNull();
    expect(documentPath({ type: "project", uid: null, lang: "fr-fr" })).toBeNull();
    expect(localePath("en", "/works")).toBe("/en/works");
  });

  test("a document's alternates list its own url and its translations", () => {
    const doc = {
      url: "/works/aurores",
      lang: "fr-fr",
      alternate_languages: [{ id: "x", type: "project", lang: "en-gb", uid: "northern-lights" }],
    } as unknown as Parameters<typeof documentAlternates>[0];
    expect(documentAlternates(doc)).toEqual({ fr: "/works/aurores", en: "/en/works/northern-lights" });
  });
});

describe("metadata", () => {
  test("canonical, hreflang alternates with x-default, and Open Graph with the share image", () => {
    const metadata = pageMetadata(
      {
        lang: "en",
        title: "Contact",
        description: "Write to us",
        image: { url: "/assets/share.jpg", alt: "Share", dimensions: { width: 1200, height: 630 } } as never,
        alternates: { fr: "/contact", en: "/en/contact" },
      },
      parseEnv({ NEXT_PUBLIC_SITE_URL: "https://vifargent.example/ignored/path" }),
    );
    expect(metadata.alternates).toEqual({
      canonical: "https://vifargent.example/en/contact",
      languages: {
        fr: "https://vifargent.example/contact",
        en: "https://vifargent.example/en/contact",
        "x-default": "https://vifargent.example/contact",
      },
    });
    expect(metadata.openGraph).toMatchObject({
      url: "https://vifargent.example/en/contact",
      locale: "en_GB",
      images: [{ url: "https://vifargent.example/assets/share.jpg", width: 1200, height: 630, alt: "Share" }],
    });
  });
});

describe("errors", () => {
  const storage = () => {
    const values = new Map<string, string>();
    return {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
    };
  };

  test("a chunk-load failure reloads once per page, then shows the error page", () => {
    const error = Object.assign(new Error("Loading chunk 42 failed."), { name: "ChunkLoadError" });
    const opened = storage();
    const store = () => opened;
    expect(isChunkLoadError(error)).toBe(true);
    expect(shouldReloadForChunkError(error, "/works", store, 1_000_000)).toBe(true);
    expect(shouldReloadForChunkError(error, "/works", store, 1_000_500)).toBe(false);
    expect(shouldReloadForChunkError(error, "/works", store, 1_000_000 + RELOAD_WINDOW_MS + 1)).toBe(true);
    expect(shouldReloadForChunkError(new Error("boom"), "/contact", store)).toBe(false);
  });

  test("a reload that fails the same way a minute later (a stalled chunk, a slow link) shows the error page", () => {
    const error = Object.assign(new Error("Loading chunk 42 failed."), { name: "ChunkLoadError" });
    const opened = storage();
    const store = () => opened;
    expect(shouldReloadForChunkError(error, "/works", store, 1_000_000)).toBe(true);
    expect(shouldReloadForChunkError(error, "/works", store, 1_000_000 + 60_000)).toBe(false);
    expect(shouldReloadForChunkError(error, "/works", store, 1_000_000 + 120_000)).toBe(false);
  });

  test("a clock set back since the last reload: that failure shows the error page, the window counts from it", () => {
    const error = Object.assign(new Error("Loading chunk 42 failed."), { name: "ChunkLoadError" });
    const opened = storage();
    const store = () => opened;
    const hourBack = 1_000_000 - 3_600_000;
    expect(shouldReloadForChunkError(error, "/works", store, 1_000_000)).toBe(true);
    expect(shouldReloadForChunkError(error, "/works", store, hourBack)).toBe(false);
    expect(shouldReloadForChunkError(error, "/works", store, hourBack + 60_000)).toBe(false);
    expect(shouldReloadForChunkError(error, "/works", store, hourBack + RELOAD_WINDOW_MS + 1)).toBe(true);
  });

  test("a clock swinging back and forth never chains reloads", () => {
    const error = Object.assign(new Error("Loading chunk 42 failed."), { name: "ChunkLoadError" });
    const opened = storage();
    const store = () => opened;
    const swings = Array.from({ length: 20 }, (_, i) => 1_000_000_000 + (i % 2 ? -3_600_000 : 0) + i * 1_000);
    const reloads = swings.map((now) => shouldReloadForChunkError(error, "/works", store, now));
    for (let i = 1; i < reloads.length; i++) expect(reloads[i - 1] && reloads[i]).toBe(false);
  });

  test("where storage is disabled (reading it throws), a chunk-load failure shows the error page, never a reload", () => {
    const error = Object.assign(new Error("Loading chunk 42 failed."), { name: "ChunkLoadError" });
    const disabled = () => {
      throw new DOMException("The operation is insecure.", "SecurityError");
    };
    expect(shouldReloadForChunkError(error, "/works", disabled)).toBe(false);
  });

  test("the status code defaults to 500", () => {
    expect(statusCodeOf(new Error("x"))).toBe(500);
    expect(statusCodeOf(Object.assign(new Error("x"), { statusCode: 503 }))).toBe(503);
    expect(statusCodeOf(Object.assign(new Error("x"), { status: 42 }))).toBe(500);
  });
});

describe("text for client islands", () => {
  it("gives the 404 and error boundaries their six texts and nothing else", () => {
    const text = pickLabels(DEFAULT_TRANSLATIONS.en, STATUS_TEXT_KEYS);
    expect(Object.keys(text).sort()).toEqual([
      "errors.error_message",
      "errors.error_title",
      "errors.go_home",
      "errors.not_found_message",
      "errors.not_found_title",
      "errors.retry",
    ]);
    expect(text["errors.go_home"]).toBe(DEFAULT_TRANSLATIONS.en["errors.go_home"]);
  });
});
