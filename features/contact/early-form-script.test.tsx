import { DRAFT_STORAGE_KEY } from "./draft";
import { changedEarly, EARLY_FORM_SCRIPT, shownEarlyAt } from "./early-form-script";
import { isSubmissionKey, newSubmissionKey, SUBMISSION_KEY_FIELD } from "./submission-key";

/**
 * A form as the server writes it, and its early script run as the parser would run it, after the
 * key field (`restored`: the key the browser put back into the field, on a visit back).
 */
function parsedForm({ restored = "", keyName = SUBMISSION_KEY_FIELD } = {}) {
  document.body.innerHTML = `<form>
    <input name="name"><textarea name="message"></textarea>
    <input type="checkbox" name="consent"><input type="hidden" name="${keyName}" value="${restored}">
  </form>`;
  const form = document.querySelector("form")!;
  const key = form.querySelector<HTMLInputElement>('input[type="hidden"]')!;
  new Function("document", EARLY_FORM_SCRIPT)({
    currentScript: { previousElementSibling: key, parentElement: form },
  });
  return { form, key };
}

const stored = () => JSON.parse(sessionStorage.getItem(DRAFT_STORAGE_KEY) ?? "null");
const draft = (key: string, values: Record<string, string> = {}) =>
  sessionStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify({ key, values }));
const changed = (field: HTMLInputElement | HTMLTextAreaElement) =>
  field.dispatchEvent(new Event("input", { bubbles: true }));

/** The page reached as `type` at `hash`. */
function arrived(type: NavigationTimingType, hash = "") {
  window.location.hash = hash;
  // (jsdom keeps no navigation entry)
  Object.defineProperty(performance, "getEntriesByType", {
    configurable: true,
    value: (kind: string) => (kind === "navigation" ? [{ type }] : []),
  });
}

beforeEach(() => {
  sessionStorage.clear();
  arrived("navigate");
});
afterEach(() => jest.restoreAllMocks());

test("the key field gets a new key as the form is parsed, one as the hook makes them, stored in the tab at once", () => {
  const keys = new Set<string>();
  for (let run = 0; run < 200; run++) {
    sessionStorage.clear();
    const { key } = parsedForm();
    expect(isSubmissionKey(key.value)).toBe(true);
    expect(key.value).toHaveLength(newSubmissionKey().length);
    expect(stored()).toEqual({ key: key.value, values: {} });
    keys.add(key.value);
  }
  expect(keys.size).toBe(200);
});

test("a tab's draft gives its key and keeps its text; a broken draft does not", () => {
  const kept = newSubmissionKey();
  draft(kept, { message: "Bonjour" });
  expect(parsedForm().key.value).toBe(kept);
  expect(stored()).toEqual({ key: kept, values: { message: "Bonjour" } });
  for (const broken of ["{", JSON.stringify({ key: "short" }), JSON.stringify({ key: 'x"><b' }), "null"]) {
    sessionStorage.setItem(DRAFT_STORAGE_KEY, broken);
    const { key } = parsedForm();
    expect(isSubmissionKey(key.value)).toBe(true);
    expect(key.value).not.toBe(kept);
  }
});

test("a key the browser restored into the field (a visit back to a sent form) stays, and becomes the tab's", () => {
  const sentWith = newSubmissionKey();
  draft(newSubmissionKey());
  expect(parsedForm({ restored: sentWith }).key.value).toBe(sentWith);
  expect(stored().key).toBe(sentWith);
  // Not a key: a new one, as for an empty field.
  draft(sentWith);
  expect(parsedForm({ restored: "<b>" }).key.value).toBe(sentWith);
});

test("the confirmation a plain post lands on starts afresh; a reload or a visit back to it keeps the draft", () => {
  const sent = newSubmissionKey();
  for (const hash of ["#contact-sent", "#contact-queued"]) {
    draft(sent, { message: "Bonjour" });
    arrived("navigate", hash);
    const { key } = parsedForm();
    expect(key.value).not.toBe(sent);
    expect(stored()).toEqual({ key: key.value, values: {} });
  }
  for (const type of ["reload", "back_forward"] as const) {
    draft(sent, { message: "Une autre idée" });
    arrived(type, "#contact-sent");
    expect(parsedForm().key.value).toBe(sent);
    expect(stored()).toEqual({ key: sent, values: { message: "Une autre idée" } });
  }
});

test("storage that refuses to be read or written still leaves a key", () => {
  jest.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
    throw new DOMException("denied", "SecurityError");
  });
  jest.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
    throw new DOMException("full", "QuotaExceededError");
  });
  expect(isSubmissionKey(parsedForm().key.value)).toBe(true);
});

test("the fields changed before the framework's script ran are kept with their last value, and when the form was shown", () => {
  const before = Date.now();
  const { form } = parsedForm();
  expect(changedEarly(form)).toEqual({});
  expect(shownEarlyAt(form)).toBeGreaterThanOrEqual(before);
  const message = form.querySelector("textarea")!;
  message.value = "Bonjour";
  changed(message);
  message.value = "Bonjour, un clip ?";
  changed(message);
  const consent = form.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
  consent.checked = true;
  changed(consent);
  consent.checked = false;
  changed(consent);
  expect(changedEarly(form)).toEqual({ message: "Bonjour, un clip ?", consent: "" });
  // A form without the early script (rendered by the browser itself).
  const rendered = document.createElement("form");
  expect(changedEarly(rendered)).toEqual({});
  expect(shownEarlyAt(rendered)).toBeUndefined();
});

test("a script that does not follow the key field touches nothing", () => {
  const { key, form } = parsedForm({ keyName: "started" });
  expect(key.value).toBe("");
  expect(stored()).toBeNull();
  expect(shownEarlyAt(form)).toBeUndefined();
});
