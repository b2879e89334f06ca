import { SliceZone } from "@prismicio/react";
import { SliceSimulator, getSlices } from "@slicemachine/adapter-next/simulator";

import { DEFAULT_TRANSLATIONS } from "@/lib/i18n/default-translations";
import { DEFAULT_LANG } from "@/lib/i18n/locales";
import { components } from "@/slices";
import type { SliceContext } from "@/slices/slice-context";

/** Slices read their labels from the page; here, the default language's built-in text. */
const context: SliceContext = { lang: DEFAULT_LANG, t: DEFAULT_TRANSLATIONS[DEFAULT_LANG] };

/** Slice Machine's simulator: editors preview slices in isolation. Never indexed. */
export const metadata = { robots: { index: false, follow: false } };

export default async function SliceSimulatorPage({ searchParams }: PageProps<"/slice-simulator">) {
  const { state } = await searchParams;
  const slices = getSlices(typeof state === "string" ? state : undefined);
  return (
    <SliceSimulator>
      <SliceZone slices={slices} components={components} context={context} />
    </SliceSimulator>
  );
}
