import type { Content } from "@prismicio/client";
import { ContentLink } from "@/components/content-link/content-link";
import type { SliceComponentProps } from "@prismicio/react";

import { RichText } from "@/features/rich-text";
import { RichHeading } from "@/components/rich-heading/rich-heading";

import type { SliceContext } from "../slice-context";
import styles from "./call-to-action.module.css";

export type CallToActionProps = SliceComponentProps<Content.CallToActionSlice, SliceContext>;

/** The invitation to get in touch. */
export default function CallToAction({ slice, context }: CallToActionProps) {
  const { heading, body, button_label, button_link } = slice.primary;
  return (
    <section className={styles.section} data-slice-type={slice.slice_type}>
      <RichHeading field={heading} level={2} className={styles.heading} />
      <div className={styles.body}>
        <RichText field={body} t={context.t} />
      </div>
      {button_label ? (
        <ContentLink field={button_link} className={styles.button}>
          {button_label}
          <span aria-hidden="true"> →</span>
        </ContentLink>
      ) : null}
    </section>
  );
}
