import fc from "fast-check";

import { noticeLanguage, noticeVersionId, VERSION_ID, type NoticeWords } from "./notice-words";

const service = (id: string, required = false) => ({
  id,
  name: id.toUpperCase(),
  description: `What ${id} does.`,
  required,
  default: required,
  enabled: required,
});
const KEYS = ["consent.title", "consent.notice"];

function words(fr: Record<string, string>, en: Record<string, string>): NoticeWords {
  const services = [service("necessary", true), service("youtube")];
  return { fr: noticeLanguage(fr, KEYS, services), en: noticeLanguage(en, KEYS, services) };
}

const FR = { "consent.title": "Cookies", "consent.notice": "Nous utilisons des cookies." };
const EN = { "consent.title": "Cookies", "consent.notice": "We use cookies." };

describe("a notice version's id", () => {
  it("is 16 hex digits, the same for the same words whatever else the translations hold", () => {
    const id = noticeVersionId(words(FR, EN));
    expect(id).toMatch(VERSION_ID);
    expect(noticeVersionId(words({ ...FR, "common.works": "Travaux" }, EN))).toBe(id);
    // Languages listed in another order are the same version.
    const { fr, en } = words(FR, EN);
    expect(noticeVersionId({ en, fr })).toBe(id);
  });

  it("changes with any change of any word, in either language, of a text or of a service", () => {
    const base = noticeVersionId(words(FR, EN));
    fc.assert(
      fc.property(
        fc.constantFrom("fr", "en"),
        fc.constantFrom(...KEYS),
        fc.string({ minLength: 1 }),
        (lang, key, extra) => {
          const changed =
            lang === "fr"
              ? words({ ...FR, [key]: FR[key as keyof typeof FR] + extra }, EN)
              : words(FR, { ...EN, [key]: EN[key as keyof typeof EN] + extra });
          expect(noticeVersionId(changed)).not.toBe(base);
        },
      ),
    );
    const renamed = words(FR, EN);
    renamed.en.services[1] = { ...renamed.en.services[1], description: "Plays videos, and sets cookies." };
    expect(noticeVersionId(renamed)).not.toBe(base);
    const added = words(FR, EN);
    added.fr.services.push({ id: "vimeo", name: "Vimeo", description: "", required: false });
    expect(noticeVersionId(added)).not.toBe(base);
  });
});
