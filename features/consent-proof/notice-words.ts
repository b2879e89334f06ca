/**
 * A version of the consent notice: every word a visitor is shown before choosing (the notice's
 * and the panel's texts, each service's name and description, whether it is required), in every
 * language, and an id derived from those words alone. Editors change the texts in Prismic; a
 * change of any word is a new version, the same words are the same version on every instance and
 * every build, so the words behind any recorded choice can be shown later.
 */
import { createHash } from "node:crypto";

import type { ConsentService } from "@/features/consent";

export interface NoticeService {
  id: string;
  name: string;
  description: string;
  required: boolean;
}

export interface NoticeLanguage {
  /** The notice's and panel's texts by translation key, in the order the site lists them. */
  labels: Record<string, string>;
  services: NoticeService[];
}

/** The words of one version, by language code ("fr", "en"). */
export type NoticeWords = Record<string, NoticeLanguage>;

/** 16 hex digits of SHA-256: a version id. */
export const VERSION_ID = /^[0-9a-f]{16}$/;

/** One language's words, in a fixed order (the keys' order, the registry's order). */
export function noticeLanguage(
  labels: Readonly<Record<string, string>>,
  keys: readonly string[],
  services: readonly ConsentService[],
): NoticeLanguage {
  return {
    labels: Object.fromEntries(keys.map((key) => [key, labels[key] ?? ""])),
    services: services.map(({ id, name, description, required }) => ({ id, name, description, required })),
  };
}

/**
 * The version id of `words`: a digest of their JSON with languages in a fixed order (the
 * languages' own order is the caller's; each language's fields are built in a fixed order).
 */
export function noticeVersionId(words: NoticeWords): string {
  const ordered = Object.keys(words)
    .sort()
    .map((lang) => [lang, words[lang]]);
  return createHash("sha256").update(JSON.stringify(ordered)).digest("hex").slice(0, 16);
}

/** The service ids a version asks about in `lang`, and which of them are required. */
export function versionServices(words: NoticeWords, lang: string): NoticeService[] | undefined {
  return Object.hasOwn(words, lang) ? words[lang].services : undefined;
}
