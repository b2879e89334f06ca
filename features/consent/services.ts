/**
 * The consent services registry (id, name, description, required,
 * default, enabled). Definitions live in code; names and descriptions come from
 * the translations document.
 */
import { clientLogger } from "@/lib/log/client-logger";
import type { Translations } from "@/lib/i18n/default-translations";

export interface ConsentService {
  id: string;
  name: string;
  description: string;
  /** Always on: its toggle is disabled. */
  required: boolean;
  /** Presets the toggle in the panel only; nothing runs before an explicit choice. */
  default: boolean;
  /** The state the service is in when the registry is built: required ones only. */
  enabled: boolean;
}

/** What a registry entry may hold before it is checked (code or content may leave fields out). */
export type ServiceEntry = Partial<Omit<ConsentService, "enabled">>;

/** Service ids: short, lower-case, safe as JSON keys and cookie content. */
export const SERVICE_ID = /^[a-z][a-z0-9_-]{0,31}$/;

const NECESSARY = "necessary";
export const ANALYTICS = "analytics";
const YOUTUBE = "youtube";
const VIMEO = "vimeo";

/** Says why an entry was left out (a mistake in code or content): in the server's log when rendered there. */
function warnIgnored(entry: ServiceEntry): void {
  clientLogger.warn(`Consent service ignored: it needs a unique id and a name (${JSON.stringify(entry)})`);
}

/** Keeps the entries that have an id and a name, the first of each id, with defaults. */
export function registerServices(
  entries: readonly ServiceEntry[],
  onIgnored: (entry: ServiceEntry) => void = warnIgnored,
): ConsentService[] {
  const services: ConsentService[] = [];
  for (const entry of entries) {
    const id = typeof entry.id === "string" ? entry.id : "";
    const name = typeof entry.name === "string" ? entry.name.trim() : "";
    if (!SERVICE_ID.test(id) || !name || services.some((service) => service.id === id)) {
      onIgnored(entry);
      continue;
    }
    const required = entry.required === true;
    services.push({
      id,
      name,
      description: typeof entry.description === "string" ? entry.description : "",
      required,
      default: required || entry.default === true,
      enabled: required,
    });
  }
  return services;
}

/**
 * The site's services: necessary cookies, audience measurement when a Google
 * Analytics id is configured, and the two video players the works use.
 */
export function siteServices(t: Translations, gaMeasurementId: string | undefined): ConsentService[] {
  return registerServices([
    {
      id: NECESSARY,
      name: t["consent.necessary_name"],
      description: t["consent.necessary_description"],
      required: true,
    },
    ...(gaMeasurementId
      ? [
          {
            id: ANALYTICS,
            name: t["consent.analytics_name"],
            description: t["consent.analytics_description"],
          },
        ]
      : []),
    { id: YOUTUBE, name: "YouTube", description: t["consent.youtube_description"] },
    { id: VIMEO, name: "Vimeo", description: t["consent.vimeo_description"] },
  ]);
}

const PLAYER_SERVICES: Record<string, string> = {
  "www.youtube-nocookie.com": YOUTUBE,
  "www.youtube.com": YOUTUBE,
  "youtube.com": YOUTUBE,
  "player.vimeo.com": VIMEO,
};

/** The service a video player address belongs to; undefined for a provider the site does not know. */
export function playerService(playerUrl: string | undefined): string | undefined {
  if (!playerUrl) return undefined;
  try {
    return PLAYER_SERVICES[new URL(playerUrl).hostname];
  } catch {
    return undefined;
  }
}
