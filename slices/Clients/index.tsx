import { isFilled, type Content } from "@prismicio/client";
import { ContentLink } from "@/components/content-link/content-link";
import type { SliceComponentProps } from "@prismicio/react";

import { BalancedList } from "@/components/balanced-list/balanced-list";
import { ContentImage } from "@/components/content-image/content-image";
import { RichHeading } from "@/components/rich-heading/rich-heading";
import { LOGO_COLUMNS } from "@/components/layout/balanced-columns";

import styles from "./clients.module.css";

export type ClientsProps = SliceComponentProps<Content.ClientsSlice>;

/** Client logos in even rows, each named for screen readers by the client's name. */
export default function Clients({ slice }: ClientsProps) {
  const { heading, clients } = slice.primary;
  return (
    <section className={styles.section} data-slice-type={slice.slice_type} data-band="plain">
      <RichHeading field={heading} level={2} className={styles.heading} />
      <BalancedList limits={LOGO_COLUMNS} className={styles.list}>
        {clients.map((client, index) => {
          const logo = isFilled.image(client.logo) ? (
            <ContentImage field={client.logo} sizes="200px" alt={client.name ?? ""} className={styles.logo} />
          ) : (
            <span className={styles.name}>{client.name}</span>
          );
          return (
            <li key={`${client.name}-${index}`} className={styles.item}>
              {isFilled.link(client.link) ? <ContentLink field={client.link}>{logo}</ContentLink> : logo}
            </li>
          );
        })}
      </BalancedList>
    </section>
  );
}
