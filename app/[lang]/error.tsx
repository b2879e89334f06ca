"use client";

import { lazy, Suspense, useEffect } from "react";

import { shouldReloadForChunkError } from "@/lib/errors/chunk-reload";

// Loaded only when an error shows: every page carries this boundary, and nearly none ever uses it.
const ErrorView = lazy(() =>
  import("@/components/status-view/error-view").then((module) => ({ default: module.ErrorView })),
);

type ErrorProps = { error: Error & { digest?: string }; reset: () => void };

export default function Error(props: ErrorProps) {
  const { error } = props;
  // Here, not in the view: when a new deployment removed this build's chunks, the view's own chunk
  // is among the missing, and the reload must not wait for it.
  useEffect(() => {
    if (shouldReloadForChunkError(error, window.location.pathname, () => window.sessionStorage)) {
      window.location.reload();
    }
  }, [error]);
  return (
    <Suspense fallback={null}>
      <ErrorView {...props} />
    </Suspense>
  );
}
