import { isHoneypotFilled, isTooFast, minFillMs, rateLimitConfig } from "./abuse";
import { recipientFor } from "./recipients";
import { formValues } from "./fields";
import { validateContact } from "./schema";
import { parseEnv } from "@/lib/env/env";

const valid = {
  name: "Élise Varenne",
  email: "elise@example.fr",
  company: "Orbe",
  purpose: "press",
  message: "Bonjour, une série documentaire à vous proposer.",
  consent: "on",
};

describe("contact schema", () => {
  it("accepts a complete message, trimmed, without the consent flag", () => {
    expect(validateContact({ ...valid, name: "  Élise Varenne  ", email: " elise@example.fr " })).toEqual({
      ok: true,
      data: {
        name: "Élise Varenne",
        email: "elise@example.fr",
        company: "Orbe",
        purpose: "press",
        message: "Bonjour, une série documentaire à vous proposer.",
      },
    });
  });

  it("takes an international domain in its ASCII form, the same domain every mail system reads", () => {
    for (const [typed, stored] of [
      ["jose@examplé.fr", "jose@xn--exampl-gva.fr"],
      ["zoe@ÉCOLE.Fr", "zoe@xn--cole-9oa.fr"],
      ["anna@bücher.example", "anna@xn--bcher-kva.example"],
      ["plain@example.fr", "plain@example.fr"],
    ]) {
      const result = validateContact({ ...valid, email: typed });
      expect(result.ok && result.data.email).toBe(stored);
    }
  });

  it("refuses letters beyond ASCII before the @ with their own message (a reply could bounce)", () => {
    for (const email of ["josé@example.fr", "josé@examplé.fr", "渡辺@example.jp", "zoë.b@example.fr"]) {
      expect(validateContact({ ...valid, email })).toEqual({
        ok: false,
        errors: { email: "contact.error_email_local_accents" },
      });
    }
  });

  it("leaves an empty company out", () => {
    const result = validateContact({ ...valid, company: "   " });
    expect(result.ok && result.data).not.toHaveProperty("company");
  });

  it.each([
    ["name", "", "contact.error_name_required"],
    ["name", "   ", "contact.error_name_required"],
    ["name", "x".repeat(101), "contact.error_name_too_long"],
    ["email", "", "contact.error_email_invalid"],
    ["email", "elise@", "contact.error_email_invalid"],
    ["email", "elise example.fr", "contact.error_email_invalid"],
    ["email", "a\r\nbcc:evil@example.com", "contact.error_email_invalid"],
    ["email", `${"a".repeat(250)}@example.fr`, "contact.error_email_too_long"],
    ["company", "x".repeat(121), "contact.error_company_too_long"],
    ["purpose", "spam", "contact.error_purpose"],
    ["purpose", "", "contact.error_purpose"],
    ["message", "", "contact.error_message_required"],
    ["message", "Salut", "contact.error_message_too_short"],
    ["message", "x".repeat(5001), "contact.error_message_too_long"],
    ["consent", "", "contact.error_consent"],
    ["consent", "yes", "contact.error_consent"],
  ])("reports %s = %j as %s", (field, value, error) => {
    const result = validateContact({ ...valid, [field]: value });
    expect(result).toEqual({ ok: false, errors: { [field]: error } });
  });

  it("reports every field missing at once, each with its first broken rule", () => {
    expect(validateContact({})).toEqual({
      ok: false,
      errors: {
        name: "contact.error_name_required",
        email: "contact.error_email_invalid",
        purpose: "contact.error_purpose",
        message: "contact.error_message_required",
        consent: "contact.error_consent",
      },
    });
  });

  it("turns control characters into spaces in one-line fields and drops them from the message", () => {
    const result = validateContact({
      ...valid,
      name: "Ann\r\nBcc: x@y.z",
      message: "Ligne 1\r\nLigne 2\u0000\u0007 fin\ttab",
    });
    expect(result.ok && result.data.name).toBe("Ann Bcc: x@y.z");
    expect(result.ok && result.data.message).toBe("Ligne 1\nLigne 2 fin\ttab");
  });

  it("keeps HTML as text (escaping is the mail's job) and Unicode as typed", () => {
    const result = validateContact({ ...valid, message: "<script>alert(1)</script> 日本 🎬 café" });
    expect(result.ok && result.data.message).toBe("<script>alert(1)</script> 日本 🎬 café");
  });

  it("reads only known text fields from the form data, the first of each", () => {
    const form = new FormData();
    form.append("name", "Ann");
    form.append("name", "Bob");
    form.append("email", new Blob(["x"]), "file.txt");
    form.append("admin", "true");
    form.append("website", "");
    expect(formValues(form)).toEqual({ name: "Ann", website: "" });
  });
});

describe("contact abuse checks", () => {
  it("reads the rate limit, 5 per 10 minutes by default", () => {
    expect(rateLimitConfig(parseEnv({}))).toEqual({ max: 5, windowMs: 600_000 });
    expect(rateLimitConfig(parseEnv({ CONTACT_RATE_LIMIT: "3/60" }))).toEqual({ max: 3, windowMs: 60_000 });
    expect(() => parseEnv({ CONTACT_RATE_LIMIT: "lots" })).toThrow(/CONTACT_RATE_LIMIT="lots"/);
  });

  it("tells a filled honeypot and a form sent too fast", () => {
    expect(isHoneypotFilled("")).toBe(false);
    expect(isHoneypotFilled("http://spam.example")).toBe(true);
    expect(minFillMs(parseEnv({}))).toBe(3000);
    expect(minFillMs(parseEnv({ CONTACT_MIN_FILL_MS: "0" }))).toBe(0);
    expect(isTooFast(String(10_000), 12_000, 3000)).toBe(true);
    expect(isTooFast(String(10_000), 13_000, 3000)).toBe(false);
    expect(isTooFast(undefined, 13_000, 3000)).toBe(true);
    expect(isTooFast("soon", 13_000, 3000)).toBe(true);
    // A browser clock ahead of the server's is not held against the visitor.
    expect(isTooFast(String(20_000), 13_000, 3000)).toBe(false);
  });
});

describe("contact recipients", () => {
  const page = {
    data: {
      contacts: [
        { purpose: "Presse", email: "presse@vifargent.productions", form_purpose: "press" },
        { purpose: "Jobs", email: "not an address", form_purpose: "jobs" },
      ],
      form_default_recipient: "hello@vifargent.productions",
    },
  } as never;
  const settings = { data: { contact_email: "contact@vifargent.productions" } } as never;

  it("routes each purpose to its contact, else the default, else the settings' address", () => {
    expect(recipientFor("press", page, settings)).toBe("presse@vifargent.productions");
    expect(recipientFor("jobs", page, settings)).toBe("hello@vifargent.productions");
    expect(recipientFor("other", null, settings)).toBe("contact@vifargent.productions");
    expect(recipientFor("other", null, null)).toBeUndefined();
  });
});
