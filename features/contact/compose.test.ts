import addressparser from "nodemailer/lib/addressparser";

import { composeContactMail, type ComposeOptions } from "./compose";
import type { ContactMessage } from "./message";

import { buildRaw, decodeWords, headerValues, messageHeaders, partBody } from "@/test-support/raw-mail";

const OPTIONS: ComposeOptions = {
  id: "k-Q2xpY2sgb25jZSwgc2VudCBvbmNl",
  to: "projects@studio.test",
  from: "Studio Site <site@studio.test>",
  purposeLabel: "Projet",
  siteName: "Studio",
  receivedAt: new Date("2026-03-04T10:20:30Z"),
};

function message(overrides: Partial<ContactMessage> = {}): ContactMessage {
  return {
    name: "Ann Dupont",
    email: "ann@example.com",
    company: "Acme",
    purpose: "project",
    message: "Bonjour,\nun projet de film.",
    lang: "fr",
    ...overrides,
  };
}

describe("composeContactMail: addresses and headers", () => {
  it("shows a name written as an encoded word as the text typed: never decoded into another name", async () => {
    const typed = "=?utf-8?q?Direction_G=C3=A9n=C3=A9rale?=";
    const { mail } = composeContactMail(message({ name: typed }), OPTIONS);
    const headers = messageHeaders((await buildRaw(mail)).raw);
    // In a quoted string, where RFC 2047 says mail clients must not decode it.
    expect(headerValues(headers, "Reply-To")).toEqual([`"${typed}" <ann@example.com>`]);
    // The subject is encoded whole, so it reads back as the same characters.
    expect(decodeWords(headerValues(headers, "Subject")[0])).toBe(`[Studio] Projet — ${typed}`);
  });

  it("sends from the site to the purpose's recipient, replying to the visitor", () => {
    const { id, mail } = composeContactMail(message(), OPTIONS);
    expect(id).toBe(OPTIONS.id);
    expect(mail.from).toBe("Studio Site <site@studio.test>");
    expect(mail.to).toBe("projects@studio.test");
    expect(mail.replyTo).toEqual({ name: "Ann Dupont", address: "ann@example.com" });
    expect(mail.subject).toBe("[Studio] Projet — Ann Dupont");
    expect(mail.messageId).toBe(`<${id}@studio.test>`);
    expect(mail.headers).toEqual({ "X-Contact-Purpose": "project" });
    expect(mail.date).toEqual(new Date("2026-03-04T10:20:30Z"));
    expect(mail.textEncoding).toBe("quoted-printable");
  });

  it("names the message after its submission: the same submission composed twice is one Message-ID", () => {
    const twice = [composeContactMail(message(), OPTIONS), composeContactMail(message(), OPTIONS)];
    expect(new Set(twice.map(({ mail }) => mail.messageId))).toEqual(
      new Set([`<${OPTIONS.id}@studio.test>`]),
    );
    const other = composeContactMail(message(), { ...OPTIONS, id: "k-another-submission-key-xx" });
    expect(other.mail.messageId).toBe("<k-another-submission-key-xx@studio.test>");
  });

  it("takes the Message-ID domain from the site's address", () => {
    const domainOf = (from: string) =>
      /@([^>]+)>$/.exec(composeContactMail(message(), { ...OPTIONS, from }).mail.messageId!)![1];
    expect(domainOf("site@studio.test")).toBe("studio.test");
    expect(domainOf('"Le Studio" <Contact@Mail.Studio.Test>')).toBe("mail.studio.test");
    expect(domainOf("nobody")).toBe("localhost");
  });

  it("puts the purpose id in X-Contact-Purpose and refuses an unknown one", () => {
    expect(composeContactMail(message({ purpose: "press" }), OPTIONS).mail.headers).toEqual({
      "X-Contact-Purpose": "press",
    });
    expect(() => composeContactMail(message({ purpose: "spam\r\nBcc: x@y.z" as "other" }), OPTIONS)).toThrow(
      /unknown purpose/,
    );
  });

  it("builds a raw message with exactly these headers", async () => {
    const { id, mail } = composeContactMail(message(), OPTIONS);
    const { raw, envelope } = await buildRaw(mail);
    const headers = messageHeaders(raw);
    expect(envelope).toEqual({ from: "site@studio.test", to: ["projects@studio.test"] });
    expect(headerValues(headers, "From")).toEqual(["Studio Site <site@studio.test>"]);
    expect(headerValues(headers, "To")).toEqual(["projects@studio.test"]);
    expect(headerValues(headers, "Reply-To")).toEqual(["Ann Dupont <ann@example.com>"]);
    expect(headerValues(headers, "Message-ID")).toEqual([`<${id}@studio.test>`]);
    expect(headerValues(headers, "X-Contact-Purpose")).toEqual(["project"]);
    expect(headerValues(headers, "Date")).toEqual(["Wed, 04 Mar 2026 10:20:30 +0000"]);
    expect(decodeWords(headerValues(headers, "Subject")[0])).toBe("[Studio] Projet — Ann Dupont");
    expect(headerValues(headers, "X-Mailer")).toEqual([]);
  });
});

describe("composeContactMail: bodies", () => {
  it("writes French labels for a French page", () => {
    const { mail } = composeContactMail(message(), OPTIONS);
    expect(mail.text).toBe(
      "Nom : Ann Dupont\nE-mail : ann@example.com\nSociété : Acme\nObjet : Projet\n\nBonjour,\nun projet de film.\n",
    );
  });

  it("writes English labels for an English page", () => {
    const { mail } = composeContactMail(message({ lang: "en", message: "Hello" }), {
      ...OPTIONS,
      purposeLabel: "Project",
    });
    expect(mail.text).toBe(
      "Name: Ann Dupont\nE-mail: ann@example.com\nCompany: Acme\nPurpose: Project\n\nHello\n",
    );
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain(">Company</th>");
    expect(mail.subject).toBe("[Studio] Project — Ann Dupont");
  });

  it("leaves the company line out when there is none", () => {
    for (const company of [undefined, "", "   "]) {
      const { mail } = composeContactMail(message({ company }), OPTIONS);
      expect(mail.text).toBe(
        "Nom : Ann Dupont\nE-mail : ann@example.com\nObjet : Projet\n\nBonjour,\nun projet de film.\n",
      );
      expect(mail.html).not.toContain("Société");
    }
  });

  it("shows the same fields in the HTML body, in a table, with line breaks", () => {
    const { mail } = composeContactMail(message(), OPTIONS);
    const html = String(mail.html);
    expect(html).toContain(
      '<th scope="row" style="padding:4px 16px 4px 0;vertical-align:top;text-align:left;font-weight:bold">Nom</th>',
    );
    for (const value of ["Ann Dupont", "ann@example.com", "Acme", "Projet"]) {
      expect(html).toContain(`">${value}</td></tr>`);
    }
    expect(html).toContain(">Bonjour,<br>un projet de film.</p>");
  });

  it("escapes HTML in every field: markup arrives as text", () => {
    const { mail } = composeContactMail(
      message({
        name: `<b>Ann</b> & "Bob"`,
        company: `O'Brien & <i>Co</i>`,
        message: `<script>alert("x")</script>\n<img src=x onerror=alert(1)> & 'quotes'`,
      }),
      { ...OPTIONS, purposeLabel: "Projet <em>" },
    );
    const html = String(mail.html);
    expect(html).toContain("&lt;b&gt;Ann&lt;/b&gt; &amp; &quot;Bob&quot;</td>");
    expect(html).toContain("O&#39;Brien &amp; &lt;i&gt;Co&lt;/i&gt;</td>");
    expect(html).toContain(
      "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;<br>&lt;img src=x onerror=alert(1)&gt; &amp; &#39;quotes&#39;</p>",
    );
    expect(html).toContain("Projet &lt;em&gt;</td>");
    expect(html).not.toMatch(/<(script|img|b|i|em)[\s>]/);
    // The plain text keeps the message as written.
    expect(mail.text).toContain(`<script>alert("x")</script>\n<img src=x onerror=alert(1)> & 'quotes'`);
  });

  it("loads nothing from outside: no URLs, sources or stylesheets", () => {
    const html = String(
      composeContactMail(message({ message: "see https://example.com" }), OPTIONS).mail.html,
    );
    const withoutMessage = html.replace("see https://example.com", "");
    expect(withoutMessage).not.toMatch(/https?:|src=|href=|url\(|@import|<link|<style/i);
  });

  it("drops control characters from the message but keeps line breaks, tabs and Unicode", () => {
    const { mail } = composeContactMail(
      message({ company: undefined, message: "a\u0000b\u0007c\r\nd\re\tf\u001b[31m\u0085 é 日本 😀" }),
      OPTIONS,
    );
    expect(mail.text).toBe(
      "Nom : Ann Dupont\nE-mail : ann@example.com\nObjet : Projet\n\nabc\nd\ne\tf[31m é 日本 😀\n",
    );
    expect(mail.html).toContain(">abc<br>d<br>e\tf[31m é 日本 😀</p>");
  });

  it("refuses an e-mail that is not one plain address, without echoing it", () => {
    for (const email of [
      "ann@example.com\r\nBcc: evil@example.com",
      "ann@example.com, evil@example.com",
      "ann@example.com;evil@example.com",
      "Ann <ann@example.com>",
      '"ann"@example.com',
      "ann@example@com",
      "ann example.com",
    ]) {
      let error: unknown;
      try {
        composeContactMail(message({ email }), OPTIONS);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(TypeError);
      expect((error as Error).message).not.toContain("example");
    }
  });
});

describe("composeContactMail: header injection", () => {
  const ATTEMPTS = [
    "Ann\r\nBcc: evil@example.com",
    "Ann\nBcc: evil@example.com",
    "Ann\rTo: evil@example.com",
    "Ann\r\n\r\nInjected body",
    "Ann\u2028Bcc: evil@example.com",
    "evil@example.com, other@example.com",
    "Ann <evil@example.com>",
    '"Ann" <evil@example.com>, "Bob',
    "Ann =?UTF-8?Q?=0D=0ABcc:_evil@example.com?=",
  ];

  it.each(ATTEMPTS)("name %j adds no header and no recipient", async (name) => {
    const { mail } = composeContactMail(message({ name }), OPTIONS);
    const { raw, envelope } = await buildRaw(mail);
    const headers = messageHeaders(raw);

    expect(envelope.to).toEqual(["projects@studio.test"]);
    expect(headers.map((header) => header.name).sort()).toEqual(
      [
        "Content-Type",
        "Date",
        "From",
        "MIME-Version",
        "Message-ID",
        "Reply-To",
        "Subject",
        "To",
        "X-Contact-Purpose",
      ].sort(),
    );
    expect(headerValues(headers, "To")).toEqual(["projects@studio.test"]);
    expect(headerValues(headers, "Bcc")).toEqual([]);
    expect(headerValues(headers, "Cc")).toEqual([]);

    // The name as a mail client shows it: line breaks became spaces, the rest is kept as typed.
    const shown = name.replace(/[\r\n\u2028]+/g, " ");
    const [replyTo] = headerValues(headers, "Reply-To");
    const mailboxes = addressparser(replyTo, { flatten: true });
    expect(mailboxes.map((mailbox) => mailbox.address)).toEqual(["ann@example.com"]);
    // Encoded words are decoded outside quotes only (RFC 2047): a quoted name is shown as is.
    expect(replyTo.startsWith('"') ? mailboxes[0].name : decodeWords(mailboxes[0].name)).toBe(shown);
    expect(decodeWords(headerValues(headers, "Subject")[0])).toBe(`[Studio] Projet — ${shown}`);
  });

  it("turns line breaks in the name into spaces in the subject and the Reply-To name", () => {
    const { mail } = composeContactMail(message({ name: "Ann\r\nBcc: evil@example.com" }), OPTIONS);
    expect(mail.subject).toBe("[Studio] Projet — Ann Bcc: evil@example.com");
    expect(mail.replyTo).toEqual({ name: "Ann Bcc: evil@example.com", address: "ann@example.com" });
  });
});

describe("composeContactMail: non-ASCII text", () => {
  it("survives the trip through a raw 7-bit message", async () => {
    const visitor = message({
      name: "Élodie 日本 😀",
      company: "Société Générale",
      message: "Café, 日本語, 🎬 ok\nDeuxième ligne — fin.",
    });
    const { mail } = composeContactMail(visitor, OPTIONS);
    const { raw } = await buildRaw(mail);

    expect(raw).toMatch(/^[\x00-\x7f]*$/);
    const headers = messageHeaders(raw);
    expect(decodeWords(headerValues(headers, "Subject")[0])).toBe("[Studio] Projet — Élodie 日本 😀");
    const [replyTo] = headerValues(headers, "Reply-To");
    expect(decodeWords(replyTo)).toBe("Élodie 日本 😀 <ann@example.com>");

    const text = partBody(raw, "text/plain").replace(/\r\n/g, "\n");
    expect(text).toBe(
      "Nom : Élodie 日本 😀\nE-mail : ann@example.com\nSociété : Société Générale\nObjet : Projet\n\n" +
        "Café, 日本語, 🎬 ok\nDeuxième ligne — fin.\n",
    );
    const html = partBody(raw, "text/html");
    expect(html).toContain(">Élodie 日本 😀</td>");
    expect(html).toContain(">Café, 日本語, 🎬 ok<br>Deuxième ligne — fin.</p>");
  });
});
