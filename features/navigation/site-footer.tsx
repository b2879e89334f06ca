import { isFilled, type Content } from "@prismicio/client";
import { SiteLink } from "@/components/site-link/site-link";

import type { Translations } from "@/lib/i18n/default-translations";
import type { Lang } from "@/lib/i18n/locales";
import { navEntries } from "@/lib/site/page-types";

import { CookiePreferencesButton } from "@/features/consent";
import styles from "./site-footer.module.css";

export function SiteFooter({
  lang,
  t,
  settings,
  companyName,
}: {
  lang: Lang;
  t: Translations;
  settings: Content.SettingsDocument | null;
  companyName: string;
}) {
  const socialLinks = (settings?.data.social_links ?? []).filter(
    (item) => isFilled.link(item.url) && "url" in item.url && item.url.url,
  );
  const email = settings?.data.contact_email;
  return (
    <footer className={styles.footer}>
      <p className={styles.brand}>{companyName}</p>
      {email ? (
        <p>
          <a href={`mailto:${email}`} className={styles.email}>
            {email}
          </a>
        </p>
      ) : null}
      {socialLinks.length > 0 ? (
        <nav aria-label={t["common.social_links"]}>
          <ul className={styles.list}>
            {socialLinks.map((item) => (
              <li key={item.platform ?? item.label}>
                <a href={(item.url as { url: string }).url} rel="me noopener noreferrer" target="_blank">
                  {item.label || item.platform}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <nav aria-label={t["common.footer_navigation"]}>
        <ul className={styles.list}>
          {navEntries("footer", lang).map((entry) => (
            <li key={entry.type}>
              <SiteLink href={entry.path}>{t[entry.label]}</SiteLink>
            </li>
          ))}
          <li>
            <CookiePreferencesButton label={t["common.cookie_preferences"]} className={styles.linkButton} />
          </li>
        </ul>
      </nav>
      <p className={styles.copyright} data-copyright="">
        © {new Date().getFullYear()} {companyName}
      </p>
    </footer>
  );
}
