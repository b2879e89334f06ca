"use client";

import Link from "next/link";

import { useSite } from "@/components/site-context/site-context";
import { homePath } from "@/lib/i18n/locales";

import { StatusHeader } from "./status-header";
import styles from "./status-view.module.css";

/** The 404 page (SPEC 2): the message and a link to the home of the current language. */
export function NotFoundView() {
  const { lang, t } = useSite();
  return (
    <>
      <StatusHeader />
      <main id="main" tabIndex={-1} className={styles.main}>
        <p className={styles.code} aria-hidden="true">
          404
        </p>
        <h1 className={styles.title}>{t["errors.not_found_message"]}</h1>
        <p className={styles.subtitle}>{t["errors.not_found_title"]}</p>
        <Link href={homePath(lang)} className={styles.button}>
          {t["errors.go_home"]}
        </Link>
      </main>
    </>
  );
}
