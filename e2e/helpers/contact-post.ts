/**
 * The contact form posted as a browser without JavaScript posts it: the page's HTML is fetched,
 * the form's hidden fields (React's action reference, the fill-time stamp) are kept, the visible
 * fields filled, and the multipart body sent to the form's own `action`. Returns the answer: the
 * page with the errors, or (an accepted message) a redirect to the confirmation.
 */
export interface ContactFields {
  name: string;
  email: string;
  purpose: string;
  message: string;
  consent?: string;
  /** When the form was shown (epoch ms); a minute ago by default, as a person fills it. */
  started?: string;
}

const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

export async function postContactForm(
  origin: string,
  pagePath: string,
  fields: ContactFields,
  headers: Record<string, string> = {},
): Promise<{ status: number; html: string; action: string; location: string | null }> {
  const page = await (await fetch(`${origin}${pagePath}`)).text();
  const form = /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/.exec(page);
  if (!form) throw new Error(`no form with an action on ${pagePath}`);
  const [, action, inner] = form;
  const body = new FormData();
  for (const [, name, value = ""] of inner.matchAll(
    /<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?\/?>/g,
  )) {
    body.append(decode(name), decode(value));
  }
  // Shown a while ago, as a person fills it.
  body.set("started", String(Date.now() - 60_000));
  body.set("consent", "on");
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  const response = await fetch(new URL(decode(action), `${origin}${pagePath}`), {
    method: "POST",
    body,
    headers: { origin, ...headers },
    redirect: "manual",
  });
  return {
    status: response.status,
    html: await response.text(),
    action: decode(action),
    location: response.headers.get("location"),
  };
}
