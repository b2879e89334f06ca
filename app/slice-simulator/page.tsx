import { SliceZone } from "@prismicio/react";
import { SliceSimulator, getSlices } from "@slicemachine/adapter-next/simulator";

import { DEFAULT_LANG } from "@/lib/i18n/locales";
import { components } from "@/slices";
import { sliceContext } from "@/slices/slice-context";

/**
 * Slice Machine's simulator: editors preview slices in isolation, inside Slice Machine's frame
 * (the request router answers anything else with a 404 in production). Never indexed.
 */
export const metadata = { robots: { index: false, follow: false } };

/** The slices a `state` query holds; none when it is not Slice Machine's compressed JSON list. */
function slicesOf(state: string | string[] | undefined): ReturnType<typeof getSlices> {
  try {
    const slices = getSlices(typeof state === "string" ? state : undefined);
    return Array.isArray(slices) ? slices : [];
  } catch {
    return [];
  }
}

export default async function SliceSimulatorPage({ searchParams }: PageProps<"/slice-simulator">) {
  const { state } = await searchParams;
  return (
    <SliceSimulator>
      <SliceZone slices={slicesOf(state)} components={components} context={sliceContext(DEFAULT_LANG)} />
    </SliceSimulator>
  );
}
