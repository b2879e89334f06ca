import { isFilled, type EmbedField, type RichTextField } from "@prismicio/client";
import { ContentLink } from "@/components/content-link/content-link";
import { PrismicRichText, type JSXMapSerializer } from "@prismicio/react";

import { ContentImage } from "@/components/content-image/content-image";
import { VideoPlayer, watchPage } from "@/features/video";
import type { Translations } from "@/lib/i18n/default-translations";

import styles from "./rich-text.module.css";

/** An embed that is not a video: a link to it, only when its address is a safe https one. */
function EmbedLink({ field }: { field: EmbedField }) {
  if (!isFilled.embed(field)) return null;
  const page = watchPage(field.embed_url);
  const text = field.title || field.provider_name;
  if (!page) return text ? <p>{text}</p> : null;
  return (
    <p>
      <a href={page.href} rel="noopener noreferrer" target="_blank">
        {text || page.href}
      </a>
    </p>
  );
}

/**
 * Every rich-text block SPEC 3 lists: headings 1-6, paragraphs, preformatted,
 * strong, em, lists, images (optionally linked), embeds (videos as a facade
 * with the site's translated labels), hyperlinks through Next's router, and labels.
 */
function serializer(t: Translations): JSXMapSerializer {
  return {
    hyperlink: ({ node, children }) => <ContentLink field={node.data}>{children}</ContentLink>,
    label: ({ node, children }) => (
      <span className={`${styles.label} label-${node.data.label}`}>{children}</span>
    ),
    preformatted: ({ children }) => (
      <pre className={styles.pre}>
        <code>{children}</code>
      </pre>
    ),
    image: ({ node }) => {
      const image = (
        <ContentImage
          field={{ ...node, id: node.id ?? "", edit: node.edit }}
          sizes="(min-width: 900px) 44rem, 100vw"
          className={styles.image}
        />
      );
      return (
        <figure className={styles.figure}>
          {node.linkTo && isFilled.link(node.linkTo) ? (
            <ContentLink field={node.linkTo}>{image}</ContentLink>
          ) : (
            image
          )}
          {node.copyright ? <figcaption className={styles.credit}>© {node.copyright}</figcaption> : null}
        </figure>
      );
    },
    embed: ({ node }) =>
      node.oembed.type === "video" ? (
        <div className={styles.embed}>
          <VideoPlayer field={node.oembed} title={node.oembed.title} t={t} />
        </div>
      ) : (
        <EmbedLink field={node.oembed} />
      ),
  };
}

/** Rich text; `t` gives embedded videos the page's translated labels. */
export function RichText({ field, t }: { field: RichTextField | null | undefined; t: Translations }) {
  return <PrismicRichText field={field} components={serializer(t)} />;
}
