import { SliceZone } from "@prismicio/react";
import { SliceSimulator, getSlices } from "@slicemachine/adapter-next/simulator";

import { DEFAULT_LANG } from "@/lib/i18n/locales";
import { components } from "@/slices";
import { sliceContext } from "@/slices/slice-context";

/** Slice Machine's simulator: editors preview slices in isolation. Never indexed. */
export const metadata = { robots: { index: false, follow: false } };

export default async function SliceSimulatorPage({ searchParams }: PageProps<"/slice-simulator">) {
  const { state } = await searchParams;
  const slices = getSlices(typeof state === "string" ? state : undefined);
  return (
    <SliceSimulator>
      <SliceZone slices={slices} components={components} context={sliceContext(DEFAULT_LANG)} />
    </SliceSimulator>
  );
}
