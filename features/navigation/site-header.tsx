import { isFilled, type Content } from "@prismicio/client";

import { LanguageSwitch } from "@/components/language-switch/language-switch";
import { MenuToggle } from "./menu-toggle";
import { SiteLink } from "@/components/site-link/site-link";
import { isSafeHref } from "@/lib/content/link-href";
import { faceWidth } from "@/lib/fonts/text-width";
import type { Translations } from "@/lib/i18n/default-translations";
import { homePath, type Lang } from "@/lib/i18n/locales";
import { navEntries } from "@/lib/site/page-types";

import styles from "./site-header.module.css";

/** The weight of the links on wide screens (site-header.module.css). */
const WIDE_LINK_WEIGHT = 600;

interface NavItem {
  label: string;
  href: string;
}

/** The settings' navigation; when settings are unavailable, the page types' main menu with default labels. */
function navigationItems(settings: Content.SettingsDocument | null, lang: Lang, t: Translations): NavItem[] {
  const fromSettings = (settings?.data.navigation ?? []).flatMap((item) =>
    item.label && isFilled.link(item.link) && item.link.url && isSafeHref(item.link.url)
      ? [{ label: item.label, href: item.link.url }]
      : [],
  );
  if (fromSettings.length > 0) return fromSettings;
  return navEntries("main", lang).map((entry) => ({ label: t[entry.label], href: entry.path }));
}

/**
 * The site's header. A navigation link to the page shown is marked as the current page
 * (aria-current), here on the server: each page renders its own header, so a client navigation
 * brings the new page's marks with it, and no script reads the address to find them.
 */
export function SiteHeader({
  lang,
  t,
  settings,
  companyName,
  alternates,
}: {
  lang: Lang;
  t: Translations;
  settings: Content.SettingsDocument | null;
  companyName: string;
  /** The page's path in each language, its own included (none on a 404). */
  alternates: Partial<Record<Lang, string>>;
}) {
  const currentPath = alternates[lang]?.split("?", 1)[0];
  return (
    <header className={styles.header}>
      <SiteLink href={homePath(lang)} className={styles.brand}>
        {companyName}
      </SiteLink>
      <MenuToggle openLabel={t["common.menu_open"]} closeLabel={t["common.menu_close"]}>
        <nav aria-label={t["common.main_navigation"]} className={styles.nav}>
          <ul>
            {navigationItems(settings, lang, t).map((item) => (
              <li key={item.href}>
                <SiteLink
                  href={item.href}
                  className={styles.link}
                  aria-current={item.href === currentPath ? "page" : undefined}
                  // On wide screens the links sit in a row at the right: each keeps the width its
                  // label takes in the text face while a first visit's stand-ins show, so none
                  // moves when the face arrives.
                  style={faceWidth(item.label, { weight: WIDE_LINK_WEIGHT })}
                >
                  {item.label}
                </SiteLink>
              </li>
            ))}
          </ul>
        </nav>
      </MenuToggle>
      <LanguageSwitch lang={lang} alternates={alternates} label={t["common.language_switch"]} />
    </header>
  );
}
