import { EMBEDDED_PLAYER_ORIGINS } from "@/lib/security/embedded-players";

/**
 * Reads the player address out of an oEmbed `html` snippet without ever
 * turning the snippet into DOM: only the first <iframe>'s `src` attribute is
 * tokenised, and only a player the site's policies let it frame is accepted.
 */

const YOUTUBE_HOSTS = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
]);

const ENTITIES: Record<string, string> = { amp: "&", quot: '"', apos: "'", lt: "<", gt: ">" };

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, code: string) => {
    if (code[0] !== "#") return ENTITIES[code.toLowerCase()] ?? entity;
    const point = code[1].toLowerCase() === "x" ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
    return point <= 0x10ffff ? String.fromCodePoint(point) : entity;
  });
}

function iframeSrc(html: string): string | undefined {
  const tagStart = html.search(/<iframe[\s/>]/i);
  if (tagStart === -1) return undefined;
  // Name, then an optional double-quoted, single-quoted or bare value; stops at the tag's ">".
  const attribute = /[\s/]*([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/y;
  attribute.lastIndex = tagStart + "<iframe".length;
  for (let match = attribute.exec(html); match; match = attribute.exec(html)) {
    const [, name, doubleQuoted, singleQuoted, bare] = match;
    if (name.toLowerCase() === "src") return decodeEntities(doubleQuoted ?? singleQuoted ?? bare ?? "");
  }
  return undefined;
}

function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/**
 * The address to load once the visitor asks to play: YouTube moves to its
 * no-cookie host, and both YouTube and Vimeo start playing at once (the click was
 * the request). Any other address (another provider, another host, http, or text
 * that only looks like an iframe) gives none: the Content-Security-Policy would
 * block its frame, so the visitor gets the link to the provider's page instead.
 */
export function playerSource(html: string | null | undefined): string | undefined {
  const src = html ? iframeSrc(html) : undefined;
  const url = src ? parseUrl(src.trim()) : undefined;
  if (url?.protocol !== "https:") return undefined;
  if (YOUTUBE_HOSTS.has(url.hostname)) {
    url.hostname = "www.youtube-nocookie.com";
    url.searchParams.set("autoplay", "1");
  } else if (url.hostname === "player.vimeo.com") {
    url.searchParams.set("autoplay", "1");
  }
  return EMBEDDED_PLAYER_ORIGINS.includes(url.origin) ? url.href : undefined;
}

/**
 * The provider's page for an embed, when it is an absolute https address a link
 * may point to (never http:, javascript: or a relative path).
 */
export function watchPage(embedUrl: string | null | undefined): URL | undefined {
  const url = embedUrl ? parseUrl(embedUrl.trim()) : undefined;
  return url?.protocol === "https:" ? url : undefined;
}
