/** The HTML outside <script> elements: what a crawler or a visitor without JavaScript gets. */
export function visibleHtml(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
}

/** A script of the React Server Components payload a page carries inline: `self.__next_f.push([…])`. */
const PAYLOAD_SCRIPT = /<script[^>]*>self\.__next_f\.push\((\[.*?\])\)<\/script>/gs;

/** The payload a page carries inline (`self.__next_f.push([1, "…"])` scripts), decoded: what the server rendered. */
export function inlinePayload(html: string): string {
  return [...html.matchAll(PAYLOAD_SCRIPT)]
    .map(([, chunk]) => JSON.parse(chunk!) as [number, unknown?])
    .flatMap(([kind, data]) => (kind === 1 && typeof data === "string" ? [data] : []))
    .join("");
}

/**
 * What a page's HTML holds whatever render sent it: the document without its payload scripts, and
 * the payload decoded. Two renders of one page may cut the payload into scripts at other places
 * (where its stream was flushed, which a loaded machine moves); what they hold is the same.
 */
export function renderedContent(html: string): { document: string; payload: string } {
  return { document: html.replace(PAYLOAD_SCRIPT, ""), payload: inlinePayload(html) };
}
