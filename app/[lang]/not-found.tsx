"use client";

import { lazy, Suspense } from "react";

// Loaded only when it shows: every page carries this boundary, and nearly none ever uses it.
const NotFoundScreen = lazy(() =>
  import("@/components/status-view/not-found-screen").then((module) => ({ default: module.NotFoundScreen })),
);

/**
 * A safety net only: the request router (proxy.ts) sends every known 404 to the
 * /not-found page, which renders on the server. This boundary catches a notFound()
 * that slips through (a work unpublished in the last seconds).
 */
export default function NotFound() {
  return (
    <Suspense fallback={null}>
      <NotFoundScreen />
    </Suspense>
  );
}
