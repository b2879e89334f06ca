/**
 * Sends each choice's record to the site (`POST /api/consent`), so the site can prove later what
 * the visitor was shown and what they chose. The record holds the consent id, the notice's
 * version, the kind of choice, the choice per service, the page's language and when the choice was
 * made; nothing that names the visitor. A record the site could not take (offline, a server
 * error, too many at once) waits in this browser's storage and is sent again on the next page,
 * so a choice is not lost at the edges; the site reads a record sent twice as one.
 */
import { clientLogger } from "@/lib/log/client-logger";

import type { ConsentMap } from "./consent-cookie";
import type { ConsentKind } from "./consent-machine";

export const CONSENT_RECORD_PATH = "/api/consent";

/** What the browser sends for one choice (the server checks every field). */
export interface ConsentRecordRequest {
  consentId: string;
  /** The id of the notice's words the visitor saw (the server keeps every version). */
  version: string;
  kind: ConsentKind;
  lang: string;
  choices: ConsentMap;
  /** When the choice was made, by the browser's clock (ms): with the id, what makes a repeat one record. */
  choiceAt: number;
}

const PENDING_KEY = "vifargent_consent_pending";
/** A few choices at most wait: a browser that cannot reach the site for long keeps the latest. */
const MAX_PENDING = 8;

export interface RecordTransport {
  send(record: ConsentRecordRequest): Promise<Response>;
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem"> | null;
}

function browserTransport(): RecordTransport {
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    // Storage refused (a privacy setting): records are sent once, without a second chance.
  }
  return {
    send: (record) =>
      fetch(CONSENT_RECORD_PATH, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(record),
        // The choice often comes just before the visitor leaves: the request outlives the page.
        keepalive: true,
        credentials: "omit",
      }),
    storage,
  };
}

function readPending(storage: RecordTransport["storage"]): ConsentRecordRequest[] {
  try {
    const value: unknown = JSON.parse(storage?.getItem(PENDING_KEY) ?? "[]");
    return Array.isArray(value) ? (value as ConsentRecordRequest[]).slice(-MAX_PENDING) : [];
  } catch {
    return [];
  }
}

function writePending(storage: RecordTransport["storage"], records: ConsentRecordRequest[]): void {
  try {
    if (records.length === 0) storage?.removeItem(PENDING_KEY);
    else storage?.setItem(PENDING_KEY, JSON.stringify(records.slice(-MAX_PENDING)));
  } catch {
    // Full or refused storage: the record is sent this once.
  }
}

/** Whether sending again may succeed: the network failed, the server failed or asked to slow down. */
function worthRetrying(status: number | null): boolean {
  return status === null || status === 429 || status >= 500;
}

let sending: Promise<void> = Promise.resolve();

/**
 * Sends `record` (when given) and every record still waiting, one after the other; keeps those
 * worth sending again. Calls are chained, so two never send the same waiting record at once.
 */
export function sendConsentRecords(
  record?: ConsentRecordRequest,
  transport: RecordTransport = browserTransport(),
): Promise<void> {
  sending = sending.then(async () => {
    const queue = [...readPending(transport.storage), ...(record ? [record] : [])];
    if (queue.length === 0) return;
    // Written first: a page closed while the request is under way still has it next time.
    writePending(transport.storage, queue);
    const kept: ConsentRecordRequest[] = [];
    for (const item of queue) {
      let status: number | null = null;
      try {
        status = (await transport.send(item)).status;
      } catch {
        status = null;
      }
      if (worthRetrying(status)) kept.push(item);
      else if (status !== 201 && status !== 200)
        clientLogger.warn(`Consent record refused by the site (status ${status})`);
    }
    writePending(transport.storage, kept);
  });
  return sending;
}
