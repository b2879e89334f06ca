import { notFound } from "next/navigation";

/** /not-found, where broken links lead (brokenRoute): the 404 page with status 404. */
export default function BrokenLinkTarget() {
  notFound();
}
