"use client";

import type { ComponentProps } from "react";

import { VideoFacade } from "./video-facade";
import { playerService, useServiceConsent, withService } from "@/features/consent";

import styles from "./consent-video.module.css";

/**
 * A video facade gated by its player's consent service: until the visitor
 * allows that player, the poster shows a one-line notice and a button that
 * allows it and plays. A player the site has no service for is only linked.
 */
export function ConsentVideo({
  blockedLabel,
  allowLabel,
  ...facade
}: Omit<ComponentProps<typeof VideoFacade>, "isAllowed" | "blocked"> & {
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
      blocked={({ play, watchLink }) =>
        service ? (
          <>
            <p className={styles.notice}>{withService(blockedLabel, service.name)}</p>
            <button
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
        ) : (
          watchLink
        )
      }
    />
  );
}
