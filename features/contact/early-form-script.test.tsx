import { DRAFT_STORAGE_KEY, readDraft } from "./draft";
import { changedEarly, EARLY_FORM_SCRIPT } from "./early-form-script";
import { isSubmissionKey, newSubmissionKey, SUBMISSION_KEY_FIELD } from "./submission-key";

/** A form as the server writes it, and its early script run as the parser would run it, after the key field. */
function parsedForm() {
  document.body.innerHTML = `<form>
    <input name="name"><textarea name="message"></textarea>
    <input type="checkbox" name="consent"><input type="hidden" name="${SUBMISSION_KEY_FIELD}">
  </form>`;
  const form = document.querySelector("form")!;
  const key = form.elements.namedItem(SUBMISSION_KEY_FIELD) as HTMLInputElement;
  new Function("document", EARLY_FORM_SCRIPT)({
    currentScript: { previousElementSibling: key, parentElement: form },
  });
  return { form, key };
}

const typed = (field: Element) => field.dispatchEvent(new Event("input", { bubbles: true }));

beforeEach(() => sessionStorage.clear());

test("the key field gets a new key as the form is parsed, one as the hook makes them", () => {
  const keys = new Set<string>();
  for (let run = 0; run < 200; run++) {
    const { key } = parsedForm();
    expect(isSubmissionKey(key.value)).toBe(true);
    expect(key.value).toHaveLength(newSubmissionKey().length);
    keys.add(key.value);
  }
  expect(keys.size).toBe(200);
});

test("a tab's draft gives its key (a reload: the post before the script and the send after it are one); a broken draft does not", () => {
  const stored = newSubmissionKey();
  sessionStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify({ key: stored, values: {} }));
  expect(parsedForm().key.value).toBe(stored);
  for (const broken of ["{", JSON.stringify({ key: "short" }), JSON.stringify({ key: 'x"><b' }), "null"]) {
    sessionStorage.setItem(DRAFT_STORAGE_KEY, broken);
    const { key } = parsedForm();
    expect(isSubmissionKey(key.value)).toBe(true);
    expect(key.value).not.toBe(stored);
  }
});

test("storage that refuses to be read still leaves a key", () => {
  const getItem = jest.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
    throw new DOMException("denied", "SecurityError");
  });
  try {
    expect(isSubmissionKey(parsedForm().key.value)).toBe(true);
  } finally {
    getItem.mockRestore();
  }
});

test("the fields changed before the framework's script ran are named, once each; the hook's draft adopts the early key", () => {
  const { form, key } = parsedForm();
  expect(changedEarly(form)).toEqual([]);
  const message = form.elements.namedItem("message") as HTMLTextAreaElement;
  message.value = "Bonjour";
  typed(message);
  typed(message);
  typed(form.elements.namedItem("consent") as HTMLInputElement);
  expect(changedEarly(form)).toEqual(["message", "consent"]);
  // With no stored draft, the hook keeps the key the form already posts with.
  expect(readDraft(key.value).key).toBe(key.value);
  expect(isSubmissionKey(readDraft("not a key").key)).toBe(true);
  // A form without the early script (rendered by the browser after "write another message").
  expect(changedEarly(document.createElement("form"))).toEqual([]);
});
