/**
 * A message's id, which names it in the outbox and in its Message-ID: one per submission (a repeat
 * of the same words under the same key is the same message), never one for two different messages.
 */
import fc from "fast-check";

import { messageId } from "./receive-message";
import type { ContactFields } from "./schema";
import { SUBMISSION_KEY_FIELD } from "./submission-key";

/** The outbox's rule for a name (features/contact/outbox.ts). */
const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

const key = fc.stringMatching(/^[A-Za-z0-9_-]{22,64}$/);
const fields: fc.Arbitrary<ContactFields> = fc.record(
  {
    name: fc.string({ minLength: 1, maxLength: 100 }),
    email: fc.emailAddress(),
    company: fc.string({ maxLength: 120 }),
    purpose: fc.constantFrom("project", "press", "jobs", "other"),
    message: fc.string({ minLength: 10, maxLength: 500 }),
  },
  { requiredKeys: ["name", "email", "purpose", "message"] },
) as fc.Arbitrary<ContactFields>;
const lang = fc.constantFrom("fr" as const, "en" as const);

function form(submission?: string): FormData {
  const data = new FormData();
  if (submission !== undefined) data.set(SUBMISSION_KEY_FIELD, submission);
  return data;
}

describe("messageId", () => {
  test("the same key and the same words are one message, whenever they are sent", () => {
    fc.assert(
      fc.property(key, lang, fields, fc.string(), fc.string(), (submission, language, data, t1, t2) => {
        const id = messageId(form(submission), language, data, t1);
        expect(id).toMatch(SAFE_ID);
        expect(id.startsWith(`k-${submission}-`)).toBe(true);
        expect(messageId(form(submission), language, { ...data }, t2)).toBe(id);
      }),
      { seed: 34 },
    );
  });

  test("one key with other words (a duplicated tab, an edit after a lost answer) is another message", () => {
    fc.assert(
      fc.property(
        key,
        lang,
        fields,
        fields,
        fc.constantFrom("name", "email", "company", "purpose", "message"),
        (submission, language, data, other, changed) => {
          const first = messageId(form(submission), language, data, "1");
          const edited = messageId(
            form(submission),
            language,
            { ...data, [changed]: other[changed] ?? "x" },
            "1",
          );
          expect(edited === first).toBe((data[changed] ?? "") === (other[changed] ?? "x"));
        },
      ),
      { seed: 35 },
    );
  });

  test("the same words sent again from the other language's page (the draft is shared) are one message", () => {
    fc.assert(
      fc.property(key, fields, (submission, data) => {
        expect(messageId(form(submission), "en", data, "1")).toBe(
          messageId(form(submission), "fr", data, "2"),
        );
      }),
      { seed: 37 },
    );
  });

  test("without a key (no JavaScript), the words and the form's stamp make the id", () => {
    fc.assert(
      fc.property(
        fc.option(fc.string({ maxLength: 21 }), { nil: undefined }),
        lang,
        fields,
        (notAKey, language, data) => {
          const id = messageId(form(notAKey), language, data, "1700000000000");
          expect(id).toMatch(/^d-[A-Za-z0-9_-]{43}$/);
          expect(messageId(form(), language, data, "1700000000000")).toBe(id);
          expect(messageId(form(), language, data, "1700000000001")).not.toBe(id);
        },
      ),
      { seed: 36 },
    );
  });
});
