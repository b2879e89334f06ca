import { isFilled, type Content } from "@prismicio/client";
import { SiteLink } from "@/components/site-link/site-link";

import { LanguageSwitch } from "@/components/language-switch/language-switch";
import { MenuToggle } from "@/components/menu-toggle/menu-toggle";
import type { Translations } from "@/lib/i18n/default-translations";
import { homePath, localePath, type Lang } from "@/lib/i18n/locales";
import { navEntries } from "@/lib/site/page-types";

import { NavLink } from "./nav-link";
import styles from "./site-header.module.css";

interface NavItem {
  label: string;
  href: string;
}

/** The settings' navigation; when settings are unavailable, the page types' main menu with default labels. */
function navigationItems(settings: Content.SettingsDocument | null, lang: Lang, t: Translations): NavItem[] {
  const fromSettings = (settings?.data.navigation ?? []).flatMap((item) =>
    item.label && isFilled.link(item.link) && item.link.url
      ? [{ label: item.label, href: item.link.url }]
      : [],
  );
  if (fromSettings.length > 0) return fromSettings;
  return navEntries("main").map((entry) => ({ label: t[entry.label], href: localePath(lang, entry.path) }));
}

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
  alternates: Partial<Record<Lang, string>>;
}) {
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
                <NavLink href={item.href} className={styles.link}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </MenuToggle>
      <LanguageSwitch lang={lang} alternates={alternates} label={t["common.language_switch"]} />
    </header>
  );
}
