import { isFilled, type RichTextField } from "@prismicio/client";
import { PrismicNextLink } from "@prismicio/next";
import { PrismicRichText, type JSXMapSerializer } from "@prismicio/react";

import { ContentImage } from "@/components/content-image/content-image";
import { VideoFacade } from "@/components/video-facade/video-facade";

import styles from "./rich-text.module.css";

/**
 * Every rich-text block SPEC 3 lists: headings 1-6, paragraphs, preformatted,
 * strong, em, lists, images (optionally linked), embeds (videos as a facade),
 * hyperlinks through Next's router, and labels.
 */
const components: JSXMapSerializer = {
  hyperlink: ({ node, children }) => <PrismicNextLink field={node.data}>{children}</PrismicNextLink>,
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
          <PrismicNextLink field={node.linkTo}>{image}</PrismicNextLink>
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
        <VideoFacade
          field={node.oembed}
          title={node.oembed.title ?? ""}
          playLabel={node.oembed.title ?? ""}
        />
      </div>
    ) : (
      <p>
        <a href={node.oembed.embed_url} rel="noopener noreferrer" target="_blank">
          {node.oembed.title ?? node.oembed.provider_name ?? node.oembed.embed_url}
        </a>
      </p>
    ),
};

export function RichText({ field }: { field: RichTextField | null | undefined }) {
  return <PrismicRichText field={field} components={components} />;
}
