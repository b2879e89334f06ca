import { isFilled, type EmbedField, type RichTextField, type RTAnyNode } from "@prismicio/client";
import { asTree } from "@prismicio/client/richtext";
import type { ReactNode } from "react";

import { ContentImage } from "@/components/content-image/content-image";
import { ContentLink } from "@/components/content-link/content-link";
import { VideoPlayer, watchPage } from "@/features/video";
import type { Translations } from "@/lib/i18n/default-translations";

import styles from "./rich-text.module.css";

/**
 * Every rich-text block Prismic's editor offers: headings 1-6, paragraphs, preformatted,
 * strong, em, lists, images (optionally linked), embeds (videos as a facade
 * with the site's translated labels), hyperlinks through Next's router, and labels.
 *
 * Rendered here rather than by @prismicio/react's PrismicRichText: the page's payload repeats
 * every element the server renders, and PrismicRichText wraps each run of text in two keyed
 * fragments and gives every block an undefined `dir`, which made rich text about twice its size
 * there (and twice the elements to hydrate). Here a text is a plain string (line breaks as
 * <br>), a lone child is not wrapped in an array, and keys are short indexes.
 */

type TreeNode = ReturnType<typeof asTree>["children"][number];

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

/** A run of text, its line breaks as <br>. */
function textWithBreaks(text: string): ReactNode {
  const lines = text.split("\n");
  if (lines.length === 1) return text;
  return lines.flatMap((line, index) => (index === 0 ? [line] : [<br key={index} />, line]));
}

/** Children as React wants them: nothing, one node as is, or a keyed list. */
function renderChildren(nodes: TreeNode[], t: Translations): ReactNode {
  if (nodes.length === 0) return null;
  if (nodes.length === 1) return renderNode(nodes[0], t, 0);
  return nodes.map((node, index) => renderNode(node, t, index));
}

/** `dir` only where it says something (Prismic's default is left to right). */
const direction = (node: RTAnyNode) =>
  "direction" in node && node.direction === "rtl" ? { dir: "rtl" as const } : {};

function renderNode(tree: TreeNode, t: Translations, key: number): ReactNode {
  const { node } = tree;
  const children = renderChildren(tree.children, t);
  switch (node.type) {
    case "heading1":
    case "heading2":
    case "heading3":
    case "heading4":
    case "heading5":
    case "heading6": {
      const Heading = `h${node.type.slice(-1)}` as "h1";
      return (
        <Heading key={key} {...direction(node)}>
          {children}
        </Heading>
      );
    }
    case "paragraph":
      return (
        <p key={key} {...direction(node)}>
          {children}
        </p>
      );
    case "preformatted":
      return (
        <pre key={key} className={styles.pre}>
          <code>{children}</code>
        </pre>
      );
    case "list-item":
    case "o-list-item":
      return (
        <li key={key} {...direction(node)}>
          {children}
        </li>
      );
    case "group-list-item":
      return <ul key={key}>{children}</ul>;
    case "group-o-list-item":
      return <ol key={key}>{children}</ol>;
    case "strong":
      return <strong key={key}>{children}</strong>;
    case "em":
      return <em key={key}>{children}</em>;
    case "label":
      return (
        <span key={key} className={`${styles.label}${labelClass(node.data.label)}`}>
          {children}
        </span>
      );
    case "hyperlink":
      return (
        <ContentLink key={key} field={node.data}>
          {children}
        </ContentLink>
      );
    case "image": {
      const image = (
        <ContentImage
          field={{ ...node, id: node.id ?? "", edit: node.edit }}
          sizes="(min-width: 900px) 44rem, 100vw"
          className={styles.image}
        />
      );
      return (
        <figure key={key} className={styles.figure}>
          {node.linkTo && isFilled.link(node.linkTo) ? (
            <ContentLink field={node.linkTo}>{image}</ContentLink>
          ) : (
            image
          )}
          {node.copyright ? <figcaption className={styles.credit}>© {node.copyright}</figcaption> : null}
        </figure>
      );
    }
    case "embed":
      return node.oembed.type === "video" ? (
        <div key={key} className={styles.embed}>
          <VideoPlayer field={node.oembed} title={node.oembed.title} t={t} />
        </div>
      ) : (
        <EmbedLink key={key} field={node.oembed} />
      );
    default:
      // "span": a run of plain text.
      return textWithBreaks(tree.text ?? "");
  }
}

/**
 * An editor's label as a class ("label-highlight"). Labels are names defined in the model; any
 * other value (a space would add classes of its choosing, "a hero") gets no class of its own.
 */
function labelClass(label: unknown): string {
  return typeof label === "string" && /^[A-Za-z0-9_-]{1,40}$/.test(label) ? ` label-${label}` : "";
}

/** Rich text; `t` gives embedded videos the page's translated labels. */
export function RichText({ field, t }: { field: RichTextField | null | undefined; t: Translations }) {
  if (!isFilled.richText(field)) return null;
  return renderChildren(asTree(field).children, t);
}
