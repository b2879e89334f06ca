import vm from "node:vm";

/**
 * The front's inline head scripts (server/first-paint-script.mjs and its users) run against a
 * stand-in window that records what they do: the elements they add, their timers, frame
 * callbacks and paint observers, the `FontFace`s they fetch and those they give `document.fonts`,
 * the attributes they set on the document's root, and the `media` they set on the element before
 * them; the body's computed text is given (`body`). Each script sees the element written just
 * before it in the head as that element (`document.currentScript.previousElementSibling`), a
 * `<style>`'s `@font-face` rules readable through its `sheet`.
 */

export interface AddedElement {
  tag: string;
  src?: string;
  href?: string;
  rel?: string;
  as?: string;
  async?: boolean;
  fetchPriority?: string;
}

export interface StandInFace {
  family: string;
  source: string;
  descriptors: Record<string, string>;
  status: "unloaded" | "loading" | "loaded" | "error";
}

/** A face's fetch the scripts started (`FontFace.load()`), settled by the test. */
export interface FaceLoad {
  face: StandInFace;
  arrive: () => void;
  fail: () => void;
}

export interface StandInOptions {
  /** The document's state when the scripts run. */
  readyState?: "loading" | "complete";
  /** Whether the browser reports paints (a `PerformanceObserver` with `paint` entries). */
  paintEntries?: boolean;
  /** Which of the browser's ways to be told of a paint or a frame throw when used. */
  throwing?: { observer?: boolean; frame?: boolean };
  /** The navigation's type and the page it came from (`performance`, `document.referrer`). */
  navigation?: "navigate" | "reload" | "back_forward";
  referrer?: string;
  /** Whether the browser has the CSS Font Loading API. */
  fontLoading?: boolean;
  /**
   * The faces of the page's own `@font-face` rules already in `document.fonts` (the stand-ins),
   * each with the status the first layout left it in ("unloaded": no text was set in it).
   */
  sheetFaces?: Array<{ family: string; status: StandInFace["status"] }>;
  /** Whether a style's rules can be read (`sheet.cssRules` throws for a sheet the page may not read). */
  sheetReadable?: boolean;
  /**
   * The body's computed text spacing and family (`getComputedStyle(document.body)`), as the page's
   * styles give them unless a visitor's own change them; `null`: no body parsed yet.
   */
  body?: { letterSpacing: string; wordSpacing: string; fontFamily: string } | null;
}

/** The body's text as the page's own styles leave it: no spacing, the text face then its stand-ins. */
export const PAGE_BODY_TEXT = {
  letterSpacing: "normal",
  wordSpacing: "0px",
  fontFamily: 'textFont, "textFont Fallback", "textFont Fallback Roboto", system-ui, sans-serif',
};

export const ORIGIN = "https://vifargent.example";

/** The declarations of each `@font-face` rule in `css`, as a sheet's rules give them. */
function fontFaceRules(css: string) {
  return [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].map((rule) => {
    const declarations = new Map<string, string>();
    for (const declaration of (rule[1] ?? "").split(";")) {
      const colon = declaration.indexOf(":");
      if (colon > 0)
        declarations.set(declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim());
    }
    return { style: { getPropertyValue: (name: string) => declarations.get(name) ?? "" } };
  });
}

/** The element written just before `index` in `head`, as a stand-in (a style's media and sheet). */
function elementBefore(head: string, index: number, readable: boolean) {
  const style = /<style(?<attributes>[^>]*)>(?<css>[^<]*)<\/style>$/.exec(head.slice(0, index));
  if (!style) return { tag: "other" };
  const media = /\bmedia="(?<media>[^"]*)"/.exec(style.groups?.attributes ?? "")?.groups?.media ?? "";
  const rules = fontFaceRules(style.groups?.css ?? "");
  const sheet = {
    get cssRules() {
      if (!readable) throw new Error("SecurityError: cannot access rules");
      return rules;
    },
  };
  return { tag: "style", media, sheet };
}

export function runInlineScripts(head: string, options: StandInOptions = {}) {
  const {
    readyState = "complete",
    paintEntries = true,
    throwing = {},
    navigation = "navigate",
    referrer = "",
    fontLoading = true,
    sheetFaces = [],
    sheetReadable = true,
  } = options;
  let body = options.body === undefined ? PAGE_BODY_TEXT : options.body;
  const added: AddedElement[] = [];
  const timers: Array<[() => void, number]> = [];
  const frames: Array<() => void> = [];
  const listeners: Array<() => void> = [];
  const observers: Array<{ report: (names: string[]) => void; disconnected: boolean }> = [];
  const faces: StandInFace[] = [];
  const dropped: StandInFace[] = [];
  const loads: FaceLoad[] = [];
  const before: Array<{ tag: string; media?: string }> = [];
  /** The attributes the scripts set on the document's root (`<html>`), as they stand. */
  const rootAttributes = new Set<string>();

  class PerformanceObserver {
    static supportedEntryTypes = ["paint", "resource"];
    constructor(callback: (list: unknown, observer: unknown) => void) {
      if (throwing.observer) throw new Error("a page's own code replaced the observer");
      const observer = {
        disconnected: false,
        report: (names: string[]) =>
          callback({ getEntriesByName: (name: string) => names.filter((each) => each === name) }, this),
      };
      observers.push(observer);
      Object.assign(this, { disconnect: () => (observer.disconnected = true) });
    }
    observe() {}
  }
  class FontFace implements StandInFace {
    status: StandInFace["status"] = "unloaded";
    constructor(
      public family: string,
      public source: string,
      public descriptors: Record<string, string>,
    ) {}
    load(): Promise<StandInFace> {
      this.status = "loading";
      return new Promise((resolve, reject) =>
        loads.push({
          face: this,
          arrive: () => resolve(Object.assign(this, { status: "loaded" as const })),
          fail: () => reject(Object.assign(this, { status: "error" as const })),
        }),
      );
    }
  }
  const window = {
    requestAnimationFrame: (callback: () => void) => {
      if (throwing.frame) throw new Error("no frames here");
      frames.push(callback);
    },
    performance: {
      getEntriesByType: (type: string) => (type === "navigation" ? [{ type: navigation }] : []),
    },
    getComputedStyle: (element: unknown) => {
      if (!body || !element || element !== document.body)
        throw new Error("only the body's style is known here");
      return body;
    },
    ...(paintEntries ? { PerformanceObserver } : {}),
    ...(fontLoading ? { FontFace } : {}),
  };
  const document: Record<string, unknown> = {
    readyState,
    referrer,
    addEventListener: (name: string, listener: () => void) =>
      name === "DOMContentLoaded" && listeners.push(listener),
    createElement: (tag: string) => ({ tag }) as AddedElement,
    documentElement: {
      setAttribute: (name: string) => rootAttributes.add(name),
      removeAttribute: (name: string) => rootAttributes.delete(name),
    },
    head: { appendChild: (element: AddedElement) => added.push(element) },
    body: body ? { tag: "body" } : null,
    ...(fontLoading
      ? {
          fonts: {
            add: (face: StandInFace) => faces.push(face),
            delete: (face: StandInFace) => dropped.push(face),
            forEach: (callback: (face: { family: string; status: string }) => void) =>
              sheetFaces.forEach((face) => callback(face)),
          },
        }
      : {}),
  };
  const context = vm.createContext({
    window,
    document,
    performance: window.performance,
    location: { origin: ORIGIN },
    setTimeout: (callback: () => void, ms: number) => timers.push([callback, ms]),
  });
  for (const script of head.matchAll(/<script>(\(function\(w,d\)[\s\S]*?)<\/script>/g)) {
    const element = elementBefore(head, script.index, sheetReadable);
    before.push(element);
    document.currentScript = { previousElementSibling: element };
    vm.runInContext(script[1] ?? "", context);
  }
  /** Runs the timers set for `ms`, in the order they were set. */
  const fire = (ms: number) => {
    for (const [callback, delay] of [...timers]) if (delay === ms) callback();
  };
  /** The parser reaches the body, which the page's styles (or a visitor's) give `text`. */
  const parseBody = (text = PAGE_BODY_TEXT) => {
    body = text;
    document.body = { tag: "body" };
  };
  /** Runs the frame callbacks set so far (those they set run in the next frame). */
  const frame = () => {
    for (const callback of frames.splice(0)) callback();
  };
  return {
    added,
    fire,
    frames,
    frame,
    listeners,
    observers,
    faces,
    dropped,
    loads,
    before,
    rootAttributes,
    parseBody,
  };
}
