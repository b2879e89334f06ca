/** The HTML outside <script> elements: what a crawler or a visitor without JavaScript gets. */
export function visibleHtml(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
}

/** A script of the React Server Components payload a page carries inline: `self.__next_f.push([…])`. */
const PAYLOAD_SCRIPT = /<script[^>]*>self\.__next_f\.push\((\[.*?\])\)<\/script>/gs;

/**
 * The payload a page carries inline, decoded: what the server rendered. Next writes each part of
 * its stream as text (`[1, "…"]`), or, when a part does not end on a whole character, as base64
 * (`[3, "…"]`): the bytes are joined in order, then read as UTF-8.
 */
export function inlinePayload(html: string): string {
  const parts = [...html.matchAll(PAYLOAD_SCRIPT)].flatMap(([, chunk]) => {
    const [kind, data] = JSON.parse(chunk!) as [number, unknown?];
    if (typeof data !== "string") return [];
    if (kind === 1) return [Buffer.from(data, "utf8")];
    return kind === 3 ? [Buffer.from(data, "base64")] : [];
  });
  return Buffer.concat(parts).toString("utf8");
}

/**
 * What a page's HTML holds whatever render sent it: the document without its payload scripts, and
 * the payload decoded. Two renders of one page may cut the payload into scripts at other places
 * (where its stream was flushed, which a loaded machine moves); what they hold is the same.
 */
export function renderedContent(html: string): { document: string; payload: string } {
  return { document: html.replace(PAYLOAD_SCRIPT, ""), payload: inlinePayload(html) };
}
