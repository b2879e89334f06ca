/**
 * What the site accepts as a consent record: a well-formed choice, for a notice version it has
 * shown, asking exactly that version's services. Pure: the receiver reads the body and the
 * version, this decides.
 */
import * as z from "zod";

import { CONSENT_ID, MAX_SERVICES, SERVICE_ID } from "@/features/consent";
import { LANGS } from "@/lib/i18n/locales";

import { VERSION_ID } from "./notice-words";
import type { NoticeService } from "./notice-words";

/** A choice's body is about 200 bytes; this bounds what is read of a request at all. */
export const MAX_RECORD_BYTES = 2048;
/** A browser clock up to a day ahead is a wrong clock, not an attack. */
const CLOCK_SLACK_MS = 86_400_000;

export const recordRequestSchema = z.strictObject({
  consentId: z.string().regex(CONSENT_ID),
  version: z.string().regex(VERSION_ID),
  kind: z.enum(["accept_all", "refuse_all", "custom", "withdrawal"]),
  lang: z.enum(LANGS),
  // Checked on the parsed JSON's own keys (a "__proto__" key included, which a record schema
  // would quietly drop), then copied into a fresh object.
  choices: z
    .custom<Record<string, boolean>>(
      (value) =>
        typeof value === "object" &&
        value !== null &&
        !Array.isArray(value) &&
        Object.keys(value).length <= MAX_SERVICES &&
        Object.entries(value).every(([id, enabled]) => SERVICE_ID.test(id) && typeof enabled === "boolean"),
      `a map of at most ${MAX_SERVICES} service ids to true or false`,
    )
    .transform((choices) => Object.fromEntries(Object.entries(choices))),
  choiceAt: z.number().int().positive(),
});

export type RecordRequest = z.infer<typeof recordRequestSchema>;

/**
 * Why `request` does not fit the version's services (or the time), or null when it does: only
 * this notice's services, required ones on; every service answered by "accept all" (all on) and
 * "refuse all" (only the required ones on), while another choice may leave services undecided (a
 * video's own "allow" before the notice is answered: an undecided service is not consented to);
 * a choice no older than the records are kept and not far in the future.
 */
export function mismatch(
  request: RecordRequest,
  services: readonly NoticeService[],
  now: number,
  retentionMs: number,
): string | null {
  const known = new Set(services.map((service) => service.id));
  const stranger = Object.keys(request.choices).find((id) => !known.has(id));
  if (stranger !== undefined) return `${stranger} is not one of this notice's services`;
  const whole = request.kind === "accept_all" || request.kind === "refuse_all";
  for (const service of services) {
    const enabled = request.choices[service.id];
    if (enabled === undefined && (service.required || whole)) return `${service.id} is not answered`;
    if (service.required && !enabled) return `${service.id} is required`;
    if (request.kind === "accept_all" && !enabled) return "accept all with a service refused";
    if (request.kind === "refuse_all" && !service.required && enabled)
      return "refuse all with a service allowed";
  }
  if (request.choiceAt > now + CLOCK_SLACK_MS || request.choiceAt < now - retentionMs)
    return "the choice's time is out of range";
  return null;
}
