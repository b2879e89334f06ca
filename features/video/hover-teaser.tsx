"use client";

import { useEffect, useRef, useState } from "react";

import styles from "./hover-teaser.module.css";

/**
 * A short, muted loop over a work's cover, playing while the card's link is
 * hovered or focused. Decorative (hidden from assistive technology), loaded
 * only on first hover, and never shown under prefers-reduced-motion.
 */
export function HoverTeaser({ src }: { src: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [active, setActive] = useState(false);
  const [allowed, setAllowed] = useState(false);

  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    const update = () => setAllowed(!query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);

  useEffect(() => {
    const link = ref.current?.closest("a");
    if (!link || !allowed) return;
    const start = () => setActive(true);
    const stop = () => setActive(false);
    link.addEventListener("pointerenter", start);
    link.addEventListener("focus", start);
    link.addEventListener("pointerleave", stop);
    link.addEventListener("blur", stop);
    return () => {
      link.removeEventListener("pointerenter", start);
      link.removeEventListener("focus", start);
      link.removeEventListener("pointerleave", stop);
      link.removeEventListener("blur", stop);
    };
  }, [allowed]);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    if (active) video.play().catch(() => setActive(false));
    else video.pause();
  }, [active]);

  return (
    <video
      ref={ref}
      className={styles.video}
      data-active={active}
      src={allowed ? src : undefined}
      muted
      loop
      playsInline
      preload="none"
      aria-hidden="true"
      tabIndex={-1}
      hidden={!allowed}
    />
  );
}
