import { isFilled, type Content } from "@prismicio/client";
import { ContentLink } from "@/components/content-link/content-link";

import { RichText } from "@/features/rich-text";
import type { Translations } from "@/lib/i18n/default-translations";

import styles from "./contact-details.module.css";

/** Addresses, e-mail contacts by purpose and social links. */
export function ContactDetails({
  page,
  settings,
  t,
}: {
  page: Content.ContactPageDocument;
  settings: Content.SettingsDocument | null;
  t: Translations;
}) {
  const social = (settings?.data.social_links ?? []).filter((item) => isFilled.link(item.url));
  return (
    <div className={styles.grid}>
      <section aria-labelledby="contact-emails" className={styles.block}>
        <h2 id="contact-emails" className={styles.heading}>
          {t["contact.emails"]}
        </h2>
        <ul className={styles.list}>
          {page.data.contacts.map((contact, index) => (
            <li key={index} className={styles.contact}>
              <span className={styles.purpose}>{contact.purpose}</span>
              {contact.email ? (
                <a href={`mailto:${contact.email}`} className={styles.email}>
                  {contact.email}
                </a>
              ) : null}
              {contact.person ? <span className={styles.person}>{contact.person}</span> : null}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="contact-addresses" className={styles.block}>
        <h2 id="contact-addresses" className={styles.heading}>
          {t["contact.addresses"]}
        </h2>
        <ul className={styles.list}>
          {page.data.addresses.map((address, index) => (
            <li key={index} className={styles.address}>
              <h3 className={styles.city}>{address.city}</h3>
              <address>
                <RichText field={address.address} t={t} />
              </address>
              {address.phone ? (
                <a href={`tel:${address.phone.replace(/[^\d+]/g, "")}`} className={styles.phone}>
                  {address.phone}
                </a>
              ) : null}
              {isFilled.link(address.map_link) ? (
                <ContentLink field={address.map_link} className={styles.map}>
                  {t["contact.view_map"]}
                  <span className="visually-hidden">: {address.city}</span>
                </ContentLink>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      {social.length > 0 ? (
        <section aria-labelledby="contact-social" className={styles.block}>
          <h2 id="contact-social" className={styles.heading}>
            {t["common.social_links"]}
          </h2>
          <ul className={styles.social}>
            {social.map((item) => (
              <li key={item.platform ?? item.label}>
                <ContentLink field={item.url} rel="me noopener noreferrer">
                  {item.label || item.platform}
                </ContentLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
