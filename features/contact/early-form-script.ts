/**
 * The contact form's first moments, before the page's framework script has run (`npm start` sends
 * it after the first paint, server/scripts-after-paint.mjs; on a slow phone that can be seconds,
 * while the form already works as a plain post). An inline script written inside the form, right
 * after its key field, runs once per loaded page as the form is parsed:
 * - **The submission's key, at once, and stored at once**: the key the browser restored into the
 *   field with the words it restored (back to the page after a post), else the tab's draft's (a
 *   reload, another language's page), else a new one, written to the draft there and then. A post
 *   the browser sends itself before the framework's script has run and a send from the script
 *   after it (a second click while the first post is still on its way, a retry after its answer was
 *   lost, from this page or the next one in the tab) then carry the same key, and the server takes
 *   them as one message (./receive-message.ts), not two: without a key the server names a post
 *   after its words and the form's stamp, which a scripted send's name never matches.
 * - **The confirmation a plain post lands on** (its anchor, reached by a navigation, not a reload
 *   or a visit back): that message is sent, so its draft goes and the form below starts afresh.
 *   Here rather than in the hook, which mounts again on every visit within the page's document.
 * - **What the visitor changes before then**, field by field, with its last value, so that neither
 *   a stored draft nor React, taking the page over (it puts a server-filled text area's text back),
 *   undoes it (./use-contact-form.ts); and when the form was first shown, for the minimum fill time.
 * Without JavaScript nothing here runs: the server names the post after its words, as before. A
 * form the browser renders itself (a visit within the site, "write another message") gets its key
 * from the hook, and React never runs a script it renders.
 */
import { CONFIRMATION_ANCHORS } from "./form-state";
import { DRAFT_STORAGE_KEY } from "./draft";
import { SUBMISSION_KEY_FIELD, SUBMISSION_KEY_PATTERN } from "./submission-key";

/** Where the script leaves what it saw on the form element: `{ shownAt, changed: { name: value } }`. */
const EARLY = "__contactEarly";

const anchors = Object.values(CONFIRMATION_ANCHORS).map((anchor) => `#${anchor}`);

/**
 * The script (no `</script` in it: only constants of this folder's). It makes a key as
 * `newSubmissionKey` does (16 random bytes in base64url); ./early-form-script.test.tsx holds the
 * two to one format.
 */
export const EARLY_FORM_SCRIPT =
  "(function(k,f){if(!k||!f||k.name!==" +
  JSON.stringify(SUBMISSION_KEY_FIELD) +
  ")return;" +
  `var e=f.${EARLY}={shownAt:Date.now(),changed:{}},P=${SUBMISSION_KEY_PATTERN},S=${JSON.stringify(DRAFT_STORAGE_KEY)},s=null;` +
  'var n;try{n=performance.getEntriesByType("navigation")[0]}catch(x){}' +
  `try{if(${JSON.stringify(anchors)}.indexOf(location.hash)>=0&&n&&n.type==="navigate")sessionStorage.removeItem(S);` +
  'else s=JSON.parse(sessionStorage.getItem(S)||"null")}catch(x){}' +
  "try{var v=P.test(k.value)?k.value:s&&P.test(s.key)?s.key:null;" +
  'if(!v){var b=crypto.getRandomValues(new Uint8Array(16)),t="";for(var i=0;i<16;i++)t+=String.fromCharCode(b[i]);' +
  'v=btoa(t).replace(/\\+/g,"-").replace(/\\//g,"_").replace(/=+$/,"")}k.value=v;' +
  'try{sessionStorage.setItem(S,JSON.stringify({key:v,values:s&&typeof s.values==="object"&&s.values||{}}))}catch(x){}}catch(x){}' +
  'f.addEventListener("input",function(x){var c=x.target;if(c&&c.name)e.changed[c.name]=c.type==="checkbox"?(c.checked?"on":""):c.value})' +
  "})(document.currentScript.previousElementSibling,document.currentScript.parentElement)";

interface Early {
  shownAt: number;
  changed: Record<string, string>;
}

function early(form: HTMLFormElement): Partial<Early> {
  const seen = (form as unknown as Record<string, unknown>)[EARLY];
  return seen && typeof seen === "object" ? (seen as Partial<Early>) : {};
}

/**
 * The fields the visitor changed before the framework's script ran, each with its last value ("on"
 * or "" for a box); none if the script did not run.
 */
export function changedEarly(form: HTMLFormElement): Record<string, string> {
  const changed = early(form).changed;
  if (!changed || typeof changed !== "object") return {};
  return Object.fromEntries(Object.entries(changed).filter(([, value]) => typeof value === "string"));
}

/** When the page showed this form (its early script ran as it was parsed); undefined if it did not. */
export function shownEarlyAt(form: HTMLFormElement): number | undefined {
  const shownAt = early(form).shownAt;
  return typeof shownAt === "number" ? shownAt : undefined;
}
