"use client";

import { SiteLink } from "@/components/site-link/site-link";

import { useSite } from "@/components/site-context/site-context";
import { homePath } from "@/lib/i18n/locales";

import styles from "./status-view.module.css";

/** The slim header of the 404 and error pages: the brand, linking home. */
export function StatusHeader() {
  const { lang, companyName } = useSite();
  return (
    <header className={styles.header}>
      <SiteLink href={homePath(lang)} className={styles.brand}>
        {companyName}
      </SiteLink>
    </header>
  );
}
