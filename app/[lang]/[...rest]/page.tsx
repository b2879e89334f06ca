import { notFound } from "next/navigation";

/** Any path no route matches: the 404 page inside the site's layout, in the URL's language. */
export default function UnmatchedRoute() {
  notFound();
}
