"use client";

import type { ComponentProps } from "react";

import { VideoFacade } from "./video-facade";
import { playerService, useServiceConsent, withService } from "@/features/consent";

import styles from "./consent-video.module.css";

/**
 * A video facade gated by its player's consent service. At rest the poster and
 * play button look the same whether or not the player is allowed: a work shows
 * its picture, not a cookie notice. Pressing play while the player is not
 * allowed asks, in place, for that player alone: one sentence, a button that
 * allows it and plays, and the link to watch on the provider's site. A player
 * the site has no service for is only linked.
 */
export function ConsentVideo({
  blockedLabel,
  allowLabel,
  ...facade
}: Omit<ComponentProps<typeof VideoFacade>, "isAllowed" | "question"> & {
  /** "{service}" is replaced by the player's name. */
  blockedLabel: string;
  allowLabel: string;
}) {
  const serviceId = playerService(facade.video?.player);
  const { service, enabled, allow } = useServiceConsent(serviceId);
  return (
    <VideoFacade
      {...facade}
      isAllowed={enabled}
      question={
        service
          ? ({ labelId, firstControl, play, watchLink }) => (
              <>
                <p id={labelId} className={styles.notice}>
                  {withService(blockedLabel, service.name)}
                </p>
                <button
                  ref={firstControl}
                  type="button"
                  className={styles.allow}
                  onClick={() => {
                    allow();
                    play();
                  }}
                >
                  {withService(allowLabel, service.name)}
                </button>
                {watchLink}
              </>
            )
          : undefined
      }
    />
  );
}
