"use client";

import { useEffect, useRef } from "react";

import { useScrollController } from "./use-scroll";
import { SCROLL } from "./settings";

import styles from "./scroll-indicator.module.css";

/**
 * A thin bar at the screen's right edge that shows where the page is while a
 * smooth scroll travels (target and current more than 10 px apart), then
 * fades out. Decorative: hidden from assistive technology, never in the way
 * of a pointer.
 */
export function ScrollIndicator() {
  const { store } = useScrollController();
  const track = useRef<HTMLDivElement>(null);
  const thumb = useRef<HTMLDivElement>(null);

  useEffect(
    () =>
      store.subscribe(({ current, target, bounding }) => {
        if (!track.current || !thumb.current) return;
        const moving = Math.abs(target - current) > SCROLL.indicatorGap && bounding > 0;
        track.current.dataset.visible = String(moving);
        if (bounding <= 0) return;
        const viewport = window.innerHeight;
        const size = Math.max(32, (viewport / (bounding + viewport)) * viewport);
        thumb.current.style.height = `${size}px`;
        thumb.current.style.transform = `translateY(${(current / bounding) * (viewport - size)}px)`;
      }),
    [store],
  );

  return (
    <div
      ref={track}
      className={styles.track}
      aria-hidden="true"
      data-visible="false"
      data-scroll-indicator=""
    >
      <div ref={thumb} className={styles.thumb} />
    </div>
  );
}
