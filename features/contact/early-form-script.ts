/**
 * The contact form's first moments, before the page's framework script has run (`npm start` sends
 * it after the first paint, server/scripts-after-paint.mjs; on a slow phone that can be seconds,
 * while the form already works as a plain post). An inline script written right after the form's
 * key field runs as the form is parsed:
 * - **The submission's key, at once**: the tab's draft's (a reload) or a new one. A post the
 *   browser sends itself before the framework's script has run and a send from the script after
 *   it (a second click while the first post is still on its way, or the same text sent again from
 *   the confirmation) then carry the same key, and the server takes them as one message
 *   (./receive-message.ts), not two: without a key the server names a post after its words and
 *   the form's stamp, which a scripted send's name never matches.
 * - **The fields the visitor changes before then**, by name, so that a stored draft is not put back
 *   over them (./use-contact-form.ts), whatever the change (a text typed again, a box unticked).
 * Without JavaScript nothing here runs: the server names the post after its words, as before. A
 * form the browser renders itself (after "write another message") gets its key from the hook.
 */
import { DRAFT_STORAGE_KEY } from "./draft";
import { SUBMISSION_KEY_PATTERN } from "./submission-key";

/** Where the script leaves the names of the fields changed before the framework's script ran. */
const CHANGED = "__contactChanged";

/**
 * The script (no `</script` in it: only constants of this folder's). It makes a key as
 * `newSubmissionKey` does (16 random bytes in base64url); ./early-form-script.test.ts holds the two
 * to one format.
 */
export const EARLY_FORM_SCRIPT =
  "(function(k,f){if(!k||!f)return;try{var v;try{" +
  `var s=JSON.parse(sessionStorage.getItem(${JSON.stringify(DRAFT_STORAGE_KEY)})||"null");` +
  `if(s&&${SUBMISSION_KEY_PATTERN}.test(s.key))v=s.key}catch(e){}` +
  'if(!v){var b=crypto.getRandomValues(new Uint8Array(16)),t="";for(var i=0;i<16;i++)t+=String.fromCharCode(b[i]);' +
  'v=btoa(t).replace(/\\+/g,"-").replace(/\\//g,"_").replace(/=+$/,"")}k.value=v}catch(e){}' +
  `var c=f.${CHANGED}=[];f.addEventListener("input",function(e){var n=e.target&&e.target.name;if(n&&c.indexOf(n)<0)c.push(n)})` +
  "})(document.currentScript.previousElementSibling,document.currentScript.parentElement)";

/** The names of the fields the visitor changed before the framework's script ran (none if it did not run). */
export function changedEarly(form: HTMLFormElement): string[] {
  const changed = (form as unknown as Record<string, unknown>)[CHANGED];
  return Array.isArray(changed) ? changed.filter((name): name is string => typeof name === "string") : [];
}
