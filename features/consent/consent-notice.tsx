"use client";

import { useEffect, useRef } from "react";

import type { ConsentAction } from "./consent-machine";
import type { ConsentLabels } from "./labels";

import styles from "./consent.module.css";

/** Reserves room below the page for the notice, so it never hides the end of the page. */
function useReservedHeight(element: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(([entry]) =>
      root.style.setProperty(
        "--consent-notice-space",
        `${Math.ceil(entry.borderBoxSize[0].blockSize) + 24}px`,
      ),
    );
    observer.observe(target);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--consent-notice-space");
    };
  }, [element]);
}

/**
 * The first-visit notice: a labelled region that does not block reading, with
 * three buttons of equal weight (refusing is as easy as accepting).
 */
export function ConsentNotice({
  labels,
  dispatch,
}: {
  labels: ConsentLabels;
  dispatch: (action: ConsentAction) => void;
}) {
  const region = useRef<HTMLElement>(null);
  useReservedHeight(region);
  return (
    <section
      ref={region}
      className={styles.notice}
      aria-labelledby="consent-notice-title"
      data-consent-notice=""
    >
      <div className={styles.noticeText}>
        <h2 id="consent-notice-title" className={styles.noticeTitle}>
          {labels["consent.title"]}
        </h2>
        <p className={styles.noticeBody}>{labels["consent.notice"]}</p>
      </div>
      <div className={styles.actions}>
        <button type="button" className={styles.action} onClick={() => dispatch({ type: "acceptAll" })}>
          {labels["consent.accept_all"]}
        </button>
        <button type="button" className={styles.action} onClick={() => dispatch({ type: "refuseAll" })}>
          {labels["consent.refuse_all"]}
        </button>
        <button type="button" className={styles.action} onClick={() => dispatch({ type: "customise" })}>
          {labels["consent.customise"]}
        </button>
      </div>
    </section>
  );
}
