import { getEnv, type Env } from "@/lib/env/env";

/** The site's public origin (NEXT_PUBLIC_SITE_URL), for canonical URLs, sitemap and Open Graph. */
export function siteUrl(env: Pick<Env, "NEXT_PUBLIC_SITE_URL"> = getEnv()): string {
  return env.NEXT_PUBLIC_SITE_URL;
}

export function absoluteUrl(path: string, env: Pick<Env, "NEXT_PUBLIC_SITE_URL"> = getEnv()): string {
  return new URL(path, siteUrl(env)).toString();
}
