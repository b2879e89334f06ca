import { unstable_rethrow } from "next/navigation";
import type { Metadata } from "next";
import type { ReactElement } from "react";

import { FailedRender } from "@/components/status-view/failed-render";
import { getTranslations } from "@/lib/content/queries";
import { pickLabels } from "@/lib/i18n/default-translations";
import type { Lang } from "@/lib/i18n/locales";
import { STATUS_TEXT_KEYS } from "@/lib/i18n/status-text";

export type PageContent<T> = { ok: true; value: T } | { ok: false; page: ReactElement };

/**
 * Reads what a page shows; when the content service fails, the page to render
 * instead: the error page, in the server's HTML, with status 500 and nothing cached
 * (see FailedRender). Next's own signals (not found, dynamic rendering) pass through.
 */
export async function readPageContent<T>(lang: Lang, read: () => Promise<T>): Promise<PageContent<T>> {
  try {
    return { ok: true, value: await read() };
  } catch (error) {
    unstable_rethrow(error);
    const t = pickLabels(await getTranslations(lang), STATUS_TEXT_KEYS);
    return { ok: false, page: <FailedRender error={error} lang={lang} t={t} /> };
  }
}

/** A page's metadata; when the content service fails, the error page's title, kept out of search results. */
export async function readPageMetadata(lang: Lang, read: () => Promise<Metadata>): Promise<Metadata> {
  try {
    return await read();
  } catch (error) {
    unstable_rethrow(error);
    const t = await getTranslations(lang);
    return { title: t["errors.error_title"], robots: { index: false, follow: true } };
  }
}
