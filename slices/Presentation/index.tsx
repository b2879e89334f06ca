import type { Content } from "@prismicio/client";
import type { SliceComponentProps } from "@prismicio/react";

import { ContentImage } from "@/components/content-image/content-image";
import { InView } from "@/components/in-view/in-view";
import { RichText } from "@/features/rich-text";
import { RichHeading } from "@/components/rich-heading/rich-heading";

import type { SliceContext } from "../slice-context";
import styles from "./presentation.module.css";

export type PresentationProps = SliceComponentProps<Content.PresentationSlice, SliceContext>;

/** The company in a few words, beside an image. */
export default function Presentation({ slice, context }: PresentationProps) {
  const { eyebrow, heading, body, image } = slice.primary;
  return (
    <section className={styles.section} data-slice-type={slice.slice_type}>
      <div className={styles.text}>
        {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
        <RichHeading field={heading} level={2} className={styles.heading} />
        <div className={styles.body}>
          <RichText field={body} t={context.t} />
        </div>
      </div>
      <InView>
        <ContentImage field={image} sizes="(min-width: 900px) 40vw, 100vw" className={styles.image} />
      </InView>
    </section>
  );
}
