"use client";

import { usePathname, useRouter } from "next/navigation";
import { useEffect } from "react";

import styles from "./preview-bar.module.css";

export const EXIT_PREVIEW_URL = "/api/exit-preview";

/**
 * Shown to editors in draft mode: says so, offers a way out, and follows
 * Prismic's toolbar events: `prismicPreviewUpdate` refreshes the page data,
 * `prismicPreviewEnd` ends the preview.
 */
export function PreviewBar({ label, exitLabel }: { label: string; exitLabel: string }) {
  const pathname = usePathname();
  const router = useRouter();

  useEffect(() => {
    const controller = new AbortController();
    const onUpdate = (event: Event) => {
      event.preventDefault();
      router.refresh();
    };
    const onEnd = (event: Event) => {
      event.preventDefault();
      fetch(EXIT_PREVIEW_URL, { signal: controller.signal, redirect: "manual" })
        .then(() => router.refresh())
        .catch(() => undefined);
    };
    window.addEventListener("prismicPreviewUpdate", onUpdate, { signal: controller.signal });
    window.addEventListener("prismicPreviewEnd", onEnd, { signal: controller.signal });
    return () => controller.abort();
  }, [router]);

  return (
    <aside className={styles.bar} aria-label={label}>
      <p className={styles.label} role="status">
        <span className={styles.dot} aria-hidden="true" />
        {label}
      </p>
      {/* A full navigation: the server must drop draft mode before the next render. */}
      <a href={`${EXIT_PREVIEW_URL}?redirect=${encodeURIComponent(pathname)}`} className={styles.exit}>
        {exitLabel}
      </a>
    </aside>
  );
}
