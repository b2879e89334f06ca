// @ts-check
/**
 * npm start's answer to a page POST whose body it refused (./page-body.mjs): a short HTML page in
 * the visitor's language (English under /en, French elsewhere, as the site's paths say) telling
 * what happened and what to do. A visitor without JavaScript sees it after pressing "Send"; going
 * back finds the form as they left it (browsers keep what was typed), so it says so. The form's
 * script reads any answer that is not the site's as a failure and keeps the text itself.
 *
 * The words live here rather than in the translations document: the front answers before Next,
 * with no content to read, and two short paragraphs in two languages need no editor.
 */

/** @typedef {"fr" | "en"} Lang */

/** @type {Record<411 | 413, Record<Lang, { title: string; what: string; todo: string }>>} */
const TEXTS = {
  413: {
    fr: {
      title: "Message trop long",
      what: "Ce que vous avez envoyé dépasse la taille que le site accepte\u202f: il n’a pas été transmis.",
      todo: "Revenez à la page précédente avec le bouton Retour de votre navigateur\u202f: votre texte y est toujours. Raccourcissez votre message, puis envoyez-le de nouveau.",
    },
    en: {
      title: "Message too long",
      what: "What you sent is larger than this site accepts, so it was not delivered.",
      todo: "Go back to the previous page with your browser’s Back button: your text is still there. Shorten your message, then send it again.",
    },
  },
  411: {
    fr: {
      title: "Envoi refusé",
      what: "Votre navigateur a envoyé le formulaire sans en indiquer la taille, ce que le site n’accepte pas\u202f: il n’a pas été transmis.",
      todo: "Revenez à la page précédente avec le bouton Retour de votre navigateur\u202f: votre texte y est toujours. Envoyez-le de nouveau, depuis un autre navigateur si cela se reproduit.",
    },
    en: {
      title: "Form not accepted",
      what: "Your browser sent the form without stating its size, which this site does not accept, so it was not delivered.",
      todo: "Go back to the previous page with your browser’s Back button: your text is still there. Send it again, from another browser if this happens again.",
    },
  },
};

/** The language of a path in the site's spelling: English under /en, French elsewhere. @param {string} path @returns {Lang} */
export function langOfPath(path) {
  return path === "/en" || path.startsWith("/en/") ? "en" : "fr";
}

/**
 * The page for a refused body: the whole HTML document (no script, no style: the answer's policy
 * allows nothing to load).
 * @param {411 | 413} status @param {Lang} lang
 */
export function bodyRefusalPage(status, lang) {
  const { title, what, todo } = TEXTS[status][lang];
  return [
    "<!doctype html>",
    `<html lang="${lang}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="robots" content="noindex"><title>${title}</title></head>`,
    `<body><main><h1>${title}</h1><p>${what}</p><p>${todo}</p></main></body>`,
    "</html>",
    "",
  ].join("\n");
}

/** How long a refused body may take to arrive before the answer goes anyway (and the connection closes). */
export const DRAIN_TIMEOUT_MS = 10_000;

/**
 * Reads and discards up to `limit` bytes of the request's body; resolves true when the body ended
 * within them (the connection can then serve another request), false when it was longer, did not
 * arrive within `timeoutMs`, or the client left.
 * @param {import("node:http").IncomingMessage} request @param {number} limit @param {number} timeoutMs
 * @returns {Promise<boolean>}
 */
function drain(request, limit, timeoutMs) {
  if (limit === 0) return Promise.resolve(request.readableEnded);
  return new Promise((resolve) => {
    let read = 0;
    const done = (/** @type {boolean} */ ended) => {
      clearTimeout(timer);
      request.off("data", count).off("end", onEnd).off("error", onGone).off("close", onGone);
      request.pause();
      resolve(ended);
    };
    const count = (/** @type {Buffer} */ chunk) => {
      read += chunk.length;
      if (read > limit) done(false);
    };
    const onEnd = () => done(true);
    const onGone = () => done(false);
    const timer = setTimeout(() => done(false), timeoutMs);
    request.on("data", count).once("end", onEnd).once("error", onGone).once("close", onGone);
  });
}

/**
 * Answers a refused body: reads what the decision allows of it, then the page, with the site's
 * headers; the connection closes unless the whole body was read.
 * @param {import("node:http").IncomingMessage} request @param {import("node:http").ServerResponse} response
 * @param {{ status: 411 | 413; drainBytes: number; lang: Lang; headers: Array<[string, string]>; timeoutMs?: number }} refusal
 */
export async function answerBodyRefusal(
  request,
  response,
  { status, drainBytes, lang, headers, timeoutMs = DRAIN_TIMEOUT_MS },
) {
  const ended = await drain(request, drainBytes, timeoutMs);
  if (response.destroyed) return;
  const body = bodyRefusalPage(status, lang);
  /** @type {Array<[string, string]>} */
  const own = [
    ["Content-Type", "text/html; charset=utf-8"],
    ["Content-Length", String(Buffer.byteLength(body))],
    ["Content-Language", lang],
    ["Cache-Control", "no-store"],
  ];
  if (!ended) own.push(["Connection", "close"]);
  response.writeHead(status, [...own, ...headers].flat());
  response.end(body);
}
