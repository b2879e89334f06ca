import { asLinkAttrs } from "@prismicio/client";
import { SiteLink } from "@/components/site-link/site-link";
import { isSafeHref } from "@/lib/content/link-href";
import type { ComponentProps } from "react";

type LinkTarget = Parameters<typeof asLinkAttrs>[0];

export type ContentLinkProps = Omit<ComponentProps<typeof SiteLink>, "href"> & { field: LinkTarget };

/**
 * A Prismic link field as a SiteLink, resolved on the server. It does what
 * @prismicio/next's PrismicNextLink does, but importing that package's entry from
 * a server component put its client parts (image, preview, simulator) and all of
 * @prismicio/client into every page's browser bundle (27 kB gzip).
 * External links open as the editor chose (target, rel); a `rel` prop wins.
 */
export function ContentLink({ field, children, rel, ...rest }: ContentLinkProps) {
  const { href, target, rel: fieldRel } = asLinkAttrs(field);
  const text = field && "text" in field ? field.text : undefined;
  // No address (an empty link field), or one content should never have: the words stay, the link
  // goes (an empty href would reload the page).
  if (!href || !isSafeHref(href)) return <>{children ?? text}</>;
  return (
    <SiteLink href={href} target={target} rel={rel ?? fieldRel} {...rest}>
      {children ?? text}
    </SiteLink>
  );
}
