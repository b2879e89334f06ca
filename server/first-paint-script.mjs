// @ts-check
/**
 * One inline script's way of doing something once the page's first contentful paint is on screen
 * (what ./scripts-after-paint.mjs and ./faces-after-paint.mjs move after it). The moment is the
 * browser's own `paint` entry; where a browser gives none, once the document is parsed and a frame
 * has run (a task queued from `requestAnimationFrame` runs after that frame); and at the latest a
 * second after the document is parsed, since a hidden tab paints nothing. Each way is guarded, so
 * that an observer or a frame callback that throws (a page's own code, an extension wrapping
 * them) leaves the others, and the action still comes, once.
 */

const TRIGGER =
  "var seen=0;try{var P=w.PerformanceObserver;" +
  'if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){' +
  'new P(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}})' +
  '.observe({type:"paint",buffered:true});seen=1}}catch(e){}' +
  "function parsed(){setTimeout(go,1000);if(!seen)try{w.requestAnimationFrame(function(){setTimeout(go,0)})}catch(e){go()}}" +
  'd.readyState==="loading"?d.addEventListener("DOMContentLoaded",parsed):parsed()';

/**
 * An inline `<script>` that runs `setup` at once, then `action` once, after the first paint. Both
 * are statements with `w` (the window) and `d` (the document) in scope; `setup` may `return` to
 * do without the action. Neither may contain `</script` (the caller's code, not a visitor's).
 * @param {{ setup?: string, action: string }} code
 */
export function afterFirstPaintScript({ setup = "", action }) {
  if (/<\/script/i.test(setup + action)) throw new Error("an inline script's code may not contain </script");
  return (
    "<script>(function(w,d){" +
    setup +
    "var done=0;function go(){if(done)return;done=1;" +
    action +
    "}" +
    TRIGGER +
    "})(window,document)</script>"
  );
}

/**
 * A list of strings as a JavaScript literal that may stand in an inline script (`<` escaped).
 * @param {string[]} values
 */
export function scriptList(values) {
  return JSON.stringify(values).replace(/</g, "\\u003c");
}
