/** The HTML outside <script> elements: what a crawler or a visitor without JavaScript gets. */
export function visibleHtml(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
}
