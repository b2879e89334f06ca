"use client";

import { coversEveryService } from "./consent-machine";
import type { ConsentLabels } from "./labels";
import { useConsentState, useConsentStore } from "./use-consent";

import { ConsentNotice } from "./consent-notice";
import { ConsentPanel } from "./consent-panel";

/** The notice while the visitor has not decided, the panel while customising. */
export function ConsentOverlay({ labels }: { labels: ConsentLabels }) {
  const store = useConsentStore();
  const { view, draft, decided, receipt } = useConsentState();
  // Until every service is decided the notice stays, behind the panel too, so closing the panel returns to it.
  const undecided = view !== "hidden" && !coversEveryService(store.services, decided);
  return (
    <>
      {undecided ? <ConsentNotice labels={labels} dispatch={store.dispatch} /> : null}
      {view === "expanded" ? (
        <ConsentPanel
          labels={labels}
          services={store.services}
          draft={draft}
          receipt={receipt}
          dispatch={store.dispatch}
        />
      ) : null}
    </>
  );
}
