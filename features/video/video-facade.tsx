"use client";

import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from "react";

import { Icon } from "@/components/icon/icon";
import type { VideoSource } from "./video-source";
import styles from "./video-facade.module.css";

export interface VideoFacadeProps {
  /** The embed (YouTube, Vimeo or any oEmbed provider with an iframe player), from videoSource(). */
  video: VideoSource | null | undefined;
  /** Shown over the poster and given to the player iframe. */
  title: string;
  /** The play button's accessible name, e.g. "Play the video: <title>". */
  playLabel: string;
  /** What shows until the player loads, e.g. a next/image filling the frame. */
  poster?: ReactNode;
  /** False while the visitor has not allowed this player (consent): nothing loads from its host. */
  isAllowed?: boolean;
  /** Shown over the poster instead of the play button while not allowed; `play` starts the video once allowed. */
  blocked?: (controls: { play: () => void; watchLink: ReactNode }) => ReactNode;
  /** Text of the link used when no safe player exists; defaults to "Watch on <provider>". */
  watchLabel?: string;
  className?: string;
}

/** poster: waiting for a click; blocked: waiting for consent; link: no safe player, so a link to the provider instead. */
type Stage = "poster" | "playing" | "blocked" | "link";

/**
 * A poster with a play button that loads the provider's player only when
 * asked, so pages carry no third-party player (or its cookies) until then.
 */
export function VideoFacade({
  video,
  title,
  playLabel,
  poster,
  isAllowed = true,
  blocked,
  watchLabel,
  className,
}: VideoFacadeProps) {
  const [isRequested, setIsRequested] = useState(false);
  const playerRef = useRef<HTMLIFrameElement>(null);

  // The pressed button is gone; move focus to the player so keyboard users are not dropped.
  useEffect(() => {
    if (isRequested && isAllowed) playerRef.current?.focus();
  }, [isRequested, isAllowed]);

  if (!video) return null;

  const src = video.player;
  const stage: Stage = !src ? "link" : !isAllowed ? "blocked" : isRequested ? "playing" : "poster";
  const visibleTitle = title.trim();
  const name = visibleTitle || video.title || video.provider;
  const watchLink = video.watch ? (
    <a className={styles.watchLink} href={video.watch}>
      {watchLabel ?? `Watch on ${video.provider}`} <Icon name="arrow-up-right" />
    </a>
  ) : null;
  const style = { "--video-aspect-ratio": video.aspect } as CSSProperties;

  return (
    <div className={className ? `${styles.facade} ${className}` : styles.facade} style={style}>
      {stage === "playing" ? (
        <iframe
          ref={playerRef}
          className={styles.player}
          src={src}
          title={name}
          allow="autoplay; fullscreen; picture-in-picture"
          allowFullScreen
          // As tight as the players allow: their scripts on their own origin, casting, and links out in new tabs.
          sandbox="allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox"
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : poster ? (
        <div className={styles.poster}>{poster}</div>
      ) : null}

      {stage === "poster" ? (
        <button
          type="button"
          className={styles.play}
          aria-label={playLabel.trim() || name}
          onClick={() => setIsRequested(true)}
        >
          <span className={styles.playIcon}>
            <Icon name="play" />
          </span>
        </button>
      ) : null}
      {stage === "link" ? <div className={styles.fallback}>{watchLink}</div> : null}
      {stage === "blocked" ? (
        <div className={styles.blocked}>
          {blocked ? blocked({ play: () => setIsRequested(true), watchLink }) : watchLink}
        </div>
      ) : null}

      {(stage === "poster" || stage === "link") && visibleTitle ? (
        <p className={styles.title}>{visibleTitle}</p>
      ) : null}
    </div>
  );
}
