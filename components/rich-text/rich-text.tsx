import type { RichTextField } from "@prismicio/client";
import { PrismicNextLink } from "@prismicio/next";
import { PrismicRichText, type JSXMapSerializer } from "@prismicio/react";

/** Rich text with links through Next's router; the site issue extends the block styles. */
const components: JSXMapSerializer = {
  hyperlink: ({ node, children }) => <PrismicNextLink field={node.data}>{children}</PrismicNextLink>,
};

export function RichText({ field }: { field: RichTextField | null | undefined }) {
  return <PrismicRichText field={field} components={components} />;
}
