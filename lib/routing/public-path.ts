import { isLang, localePath } from "@/lib/i18n/locales";
import { listPublicPath } from "@/lib/routing/resolve-path";
import { isListType } from "@/lib/site/page-types";

/**
 * The public path of the page being shown, from the pathname Next's router reports (usePathname).
 * A page keeps as its own URL the one it was rendered under: for the pages prerendered at build,
 * the app path the request router rewrites to (`/fr/lists/works_page/1`, `/fr/legals`), until a
 * request regenerates them; after a client navigation set a regeneration off, its URL
 * (`/works?_rsc=…`). The header then marked no link as the current page, in the HTML of a fresh
 * deployment and after hydration.
 */
export function publicPathOf(pathname: string): string {
  const path = pathname.split("?", 1)[0] || "/";
  const [, first, section, type = "", page = ""] = path.split("/");
  if (!isLang(first)) return path;
  if (section === "lists" && isListType(type) && /^[1-9]\d{0,5}$/.test(page))
    return listPublicPath(first, type, Number(page)).split("?", 1)[0];
  return localePath(first, path.slice(first.length + 1) || "/");
}
