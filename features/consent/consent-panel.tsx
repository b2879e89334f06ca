"use client";

import { useEffect, useRef } from "react";

import { Icon } from "@/components/icon/icon";
import type { ConsentAction } from "./consent-machine";
import type { ConsentMap, ConsentReceipt } from "./consent-cookie";
import type { ConsentLabels } from "./labels";
import type { ConsentService } from "./services";
import { useFocusTrap } from "@/components/hooks/use-focus-trap";
import { useScrollLock } from "@/features/scroll";

import styles from "./consent.module.css";

/** "Your choice of {date}, reference {id}", the date in the page's language and the visitor's time zone. */
function receiptText(template: string, { id, at }: ConsentReceipt): string {
  const date = new Intl.DateTimeFormat(document.documentElement.lang || undefined, {
    dateStyle: "long",
    timeStyle: "short",
  }).format(at);
  return template.replaceAll("{date}", date).replaceAll("{id}", id);
}

/**
 * The detail panel ('Les informations que nous collectons'): a modal dialog
 * with each service, its description and an Accept / Refuse choice (required
 * services fixed on), a close button and a save button. Escape closes it and
 * focus goes back where it was.
 */
export function ConsentPanel({
  labels,
  services,
  draft,
  receipt,
  dispatch,
}: {
  labels: ConsentLabels;
  services: readonly ConsentService[];
  draft: ConsentMap;
  /** The last choice's reference, shown so the visitor can quote it. */
  receipt?: ConsentReceipt;
  dispatch: (action: ConsentAction) => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useFocusTrap(dialog);
  useScrollLock(true);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    element.showModal();
    element.querySelector<HTMLElement>("h2")?.focus();
    return () => element.close();
  }, []);

  return (
    <dialog
      ref={dialog}
      className={styles.panel}
      aria-labelledby="consent-panel-title"
      aria-describedby="consent-panel-intro"
      // Escape: close through the state machine rather than letting the browser close the element.
      onCancel={(event) => {
        event.preventDefault();
        dispatch({ type: "close" });
      }}
      data-lenis-prevent=""
    >
      <div className={styles.panelHeader}>
        <h2 id="consent-panel-title" className={styles.panelTitle} tabIndex={-1}>
          {labels["consent.panel_title"]}
        </h2>
        <button
          type="button"
          className={styles.close}
          aria-label={labels["consent.close"]}
          onClick={() => dispatch({ type: "close" })}
        >
          <Icon name="close" />
        </button>
      </div>
      <p id="consent-panel-intro" className={styles.panelIntro}>
        {labels["consent.panel_intro"]}
      </p>
      {receipt ? (
        <p className={styles.receipt} data-consent-receipt={receipt.id}>
          {receiptText(labels["consent.receipt"], receipt)}
        </p>
      ) : null}
      <form
        className={styles.services}
        onSubmit={(event) => {
          event.preventDefault();
          dispatch({ type: "save" });
        }}
      >
        {services.map((service) => {
          const enabled = service.required || draft[service.id] === true;
          const describedBy = `consent-${service.id}-description`;
          return (
            <fieldset key={service.id} className={styles.service} aria-describedby={describedBy}>
              <legend className={styles.serviceName}>
                {service.name}
                {service.required ? <span className={styles.badge}>{labels["consent.required"]}</span> : null}
              </legend>
              <p id={describedBy} className={styles.serviceDescription}>
                {service.description}
              </p>
              <div className={styles.choice}>
                {([true, false] as const).map((value) => (
                  <label key={String(value)} className={styles.option}>
                    <input
                      type="radio"
                      name={`consent-${service.id}`}
                      value={value ? "accept" : "refuse"}
                      checked={enabled === value}
                      disabled={service.required}
                      onChange={() => dispatch({ type: "toggle", id: service.id, enabled: value })}
                    />
                    <span>{value ? labels["consent.accept"] : labels["consent.refuse"]}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          );
        })}
        <div className={styles.panelActions}>
          <button type="submit" className={styles.action}>
            {labels["consent.save"]}
          </button>
        </div>
      </form>
    </dialog>
  );
}
