/**
 * The site's consent store and receiver, built once per process from the environment, and the
 * notice's words as the site shows them now.
 */
import { CONSENT_LABEL_KEYS, siteServices } from "@/features/consent";
import { getTranslations } from "@/lib/content/queries";
import { getEnv, type Env } from "@/lib/env/env";
import { LANGS } from "@/lib/i18n/locales";
import { logger } from "@/lib/log/logger.mjs";
import { siteRateLimiter } from "@/lib/rate-limit/shared-rate-limit";

import { noticeLanguage, noticeVersionId, type NoticeWords } from "./notice-words";
import { createRecordReceiver } from "./receive-record";
import { createRecordStore, storeSettings, type RecordStore } from "./record-store";

/** Every text a visitor reads before a choice: the notice, the panel, and a video's own question. */
const NOTICE_KEYS = [...CONSENT_LABEL_KEYS, "consent.video_blocked", "consent.video_allow"] as const;

/** The words the site shows now, in every language (the translations document, read once per call). */
export async function currentNoticeWords(env: Pick<Env, "NEXT_PUBLIC_GA_MEASUREMENT_ID"> = getEnv()) {
  const entries = await Promise.all(
    LANGS.map(async (lang) => {
      const t = await getTranslations(lang);
      return [lang, noticeLanguage(t, NOTICE_KEYS, siteServices(t, env.NEXT_PUBLIC_GA_MEASUREMENT_ID))];
    }),
  );
  return Object.fromEntries(entries) as NoticeWords;
}

let store: RecordStore | undefined;

export function siteRecordStore(env: Env = getEnv()): RecordStore {
  store ??= createRecordStore(storeSettings(env));
  return store;
}

const registered = new Set<string>();

/**
 * The version id of the words a page is rendered with, kept in the store the first time this
 * process renders them (a build, or a page rendered anew after a publish): the date a version was
 * first shown. A store that cannot be written is logged and the page still renders; the record
 * receiver keeps the version when the first choice on it arrives.
 */
export async function noticeVersionForPage(): Promise<string> {
  const words = await currentNoticeWords();
  const id = noticeVersionId(words);
  if (!registered.has(id)) {
    // Tried once per process and version: a store that cannot be written is said once, not per render.
    registered.add(id);
    try {
      await siteRecordStore().registerVersion(words);
    } catch (error) {
      logger.error({ err: error }, `[consent] notice version ${id} could not be kept in CONSENT_STORE_DIR`);
    }
  }
  return id;
}

/** The words, read at most once per 5 s (the content's time to live) for the receiver. */
function cachedWords(): () => Promise<NoticeWords> {
  let cached: { at: number; words: Promise<NoticeWords> } | undefined;
  return () => {
    if (!cached || Date.now() - cached.at > 5000) cached = { at: Date.now(), words: currentNoticeWords() };
    return cached.words;
  };
}

let receiver: ReturnType<typeof createRecordReceiver> | undefined;

export function siteRecordReceiver(env: Env = getEnv()) {
  receiver ??= createRecordReceiver({
    store: siteRecordStore(env),
    limiter: siteRateLimiter("consent", env.CONSENT_RATE_LIMIT, env),
    currentWords: cachedWords(),
    retentionDays: env.CONSENT_RETENTION_DAYS,
  });
  return receiver;
}
