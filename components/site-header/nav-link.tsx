"use client";

import { SiteLink } from "@/components/site-link/site-link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

import { publicPathOf } from "@/lib/routing/public-path";

/** A navigation link that marks itself as the current page (aria-current). */
export function NavLink({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: ReactNode;
}) {
  // As the page's public path: a regenerated page may report the path it was rendered under.
  const current = publicPathOf(usePathname() ?? "/") === href;
  return (
    <SiteLink href={href} className={className} aria-current={current ? "page" : undefined}>
      {children}
    </SiteLink>
  );
}
