"use client";

import {
  useEffect,
  useId,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from "react";

import { Icon } from "@/components/icon/icon";
import type { VideoSource } from "./video-source";
import styles from "./video-facade.module.css";

/** What the facade hands its question: the parts it owns so that focus and naming work. */
export interface QuestionControls {
  /** Goes on the element whose text names the question (read when focus enters it). */
  labelId: string;
  /** Goes on the control that takes focus when the question appears (the one that answers it). */
  firstControl: Ref<HTMLButtonElement>;
  /** Starts the video once the player is allowed; call it with the answer. */
  play: () => void;
  /** The link to the provider's page, to watch there instead. */
  watchLink: ReactNode;
}

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
  /**
   * Asked in place, over the poster, when the visitor presses play while the player is not
   * allowed. Without it, a player that is not allowed is only a link to the provider.
   */
  question?: (controls: QuestionControls) => ReactNode;
  /** Name of the button that puts the question away (back to the poster); Escape does the same. */
  dismissLabel?: string;
  /** Text of the link to the provider's page; defaults to "Watch on <provider>". */
  watchLabel?: string;
  className?: string;
}

/**
 * poster: waiting for a click; asking: play was pressed, the player is not allowed yet;
 * link: no player the site may load, so a link to the provider instead.
 */
type Stage = "poster" | "asking" | "playing" | "link";

/**
 * A poster with a play button that loads the provider's player only when
 * asked, so pages carry no third-party player (or its cookies) until then.
 * At rest it looks the same whether or not the player is allowed: the work's
 * picture and a play button; a player not yet allowed is asked for only once
 * the visitor wants to play.
 */
export function VideoFacade({
  video,
  title,
  playLabel,
  poster,
  isAllowed = true,
  question,
  dismissLabel = "Close",
  watchLabel,
  className,
}: VideoFacadeProps) {
  const [isRequested, setIsRequested] = useState(false);
  const playerRef = useRef<HTMLIFrameElement>(null);
  const playRef = useRef<HTMLButtonElement>(null);
  const firstControlRef = useRef<HTMLButtonElement>(null);
  // Set by the visitor's own presses here; a change made elsewhere (the consent panel
  // allowing or revoking the player) leaves focus where the visitor is.
  const focusFollows = useRef(false);
  const labelId = useId();

  const src = video?.player;
  const stage: Stage =
    !src || (!isAllowed && !question) ? "link" : !isRequested ? "poster" : isAllowed ? "playing" : "asking";

  // The pressed control is gone: focus goes to what replaced it, so keyboard users are not dropped.
  useEffect(() => {
    if (!focusFollows.current) return;
    focusFollows.current = false;
    if (stage === "playing") playerRef.current?.focus();
    else if (stage === "asking") firstControlRef.current?.focus();
    else if (stage === "poster") playRef.current?.focus();
  }, [stage]);

  if (!video) return null;

  const request = () => {
    focusFollows.current = true;
    setIsRequested(true);
  };
  const dismiss = () => {
    focusFollows.current = true;
    setIsRequested(false);
  };
  const onQuestionKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") dismiss();
  };

  const visibleTitle = title.trim();
  const name = visibleTitle || video.title || video.provider;
  const watchText = watchLabel ?? `Watch on ${video.provider}`;
  const watchLink = video.watch ? (
    <a className={styles.watchLink} href={video.watch}>
      {watchText} <Icon name="arrow-up-right" />
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
        <>
          <button
            ref={playRef}
            type="button"
            className={styles.play}
            aria-label={playLabel.trim() || name}
            onClick={request}
          >
            <span className={styles.playIcon}>
              <Icon name="play" />
            </span>
          </button>
          {/* Without JavaScript the button can do nothing: the same control, as a link to the provider's page. */}
          {video.watch ? (
            <noscript>
              <a className={styles.play} href={video.watch}>
                <span className={styles.playIcon}>
                  <Icon name="play" />
                </span>
                <span className={styles.noscriptLabel}>
                  {watchText}
                  {/* Named for its video, as the play button is: several on a page stay apart in a links list. */}
                  <span className="visually-hidden">: {name}</span> <Icon name="arrow-up-right" />
                </span>
              </a>
            </noscript>
          ) : null}
        </>
      ) : null}
      {stage === "link" ? <div className={styles.fallback}>{watchLink}</div> : null}
      {stage === "asking" && question ? (
        <div role="group" aria-labelledby={labelId} className={styles.question} onKeyDown={onQuestionKeyDown}>
          {question({ labelId, firstControl: firstControlRef, play: request, watchLink })}
          <button type="button" className={styles.dismiss} aria-label={dismissLabel} onClick={dismiss}>
            <Icon name="close" />
          </button>
        </div>
      ) : null}

      {(stage === "poster" || stage === "link") && visibleTitle ? (
        <p className={styles.title}>{visibleTitle}</p>
      ) : null}
    </div>
  );
}
