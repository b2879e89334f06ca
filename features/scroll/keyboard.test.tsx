import { keyBelongsElsewhere, keyScroll, keyScrollTarget, type KeyInput } from "./keyboard";

const key = (name: string, modifiers: Partial<KeyInput> = {}): KeyInput => ({
  key: name,
  shiftKey: false,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  ...modifiers,
});

describe("keyboard scrolling", () => {
  it.each([
    ["ArrowDown", {}, { by: 240 }],
    ["ArrowUp", {}, { by: -240 }],
    ["PageDown", {}, { by: 800 }],
    ["PageUp", {}, { by: -800 }],
    [" ", {}, { by: 800 }],
    [" ", { shiftKey: true }, { by: -800 }],
    ["Home", {}, { to: "start" }],
    ["End", {}, { to: "end" }],
  ])("%s %o scrolls %o", (name, modifiers, expected) => {
    expect(keyScroll(key(name, modifiers), 800)).toEqual(expected);
  });

  it.each([
    ["ArrowDown", { ctrlKey: true }],
    ["ArrowDown", { altKey: true }],
    ["ArrowUp", { metaKey: true }],
    ["Home", { ctrlKey: true }],
    [" ", { ctrlKey: true }],
    ["ArrowDown", { shiftKey: true }],
    ["ArrowLeft", {}],
    ["a", {}],
    ["Tab", {}],
  ])("leaves %s %o to the browser", (name, modifiers) => {
    expect(keyScroll(key(name, modifiers), 800)).toBeNull();
  });

  it("keeps the target within the page", () => {
    expect(keyScrollTarget({ by: 240 }, 100, 5000)).toBe(340);
    expect(keyScrollTarget({ by: -240 }, 100, 5000)).toBe(0);
    expect(keyScrollTarget({ by: 800 }, 4900, 5000)).toBe(5000);
    expect(keyScrollTarget({ to: "start" }, 2000, 5000)).toBe(0);
    expect(keyScrollTarget({ to: "end" }, 2000, 5000)).toBe(5000);
  });

  describe("where focus is", () => {
    beforeEach(() => {
      document.body.innerHTML = `
        <input id="field"><textarea id="area"></textarea><select id="choice"><option>a</option></select>
        <div id="editable" contenteditable="true"><p id="inside-editable">text</p></div>
        <button id="button">Go</button><a id="link" href="/works">Works</a>
        <div role="radiogroup"><span id="radio" role="radio" tabindex="0">A</span></div>
        <div id="panel" style="overflow-y: auto"><p id="in-panel">text</p></div>
        <dialog open><button id="in-dialog">Close</button></dialog>
        <p id="text">plain</p>`;
      const panel = document.getElementById("panel")!;
      Object.defineProperty(panel, "scrollHeight", { value: 1000 });
      Object.defineProperty(panel, "clientHeight", { value: 200 });
    });
    const at = (id: string) => document.getElementById(id);

    it.each(["field", "area", "choice", "editable", "inside-editable", "radio", "in-dialog"])(
      "leaves keys to #%s",
      (id) => {
        expect(keyBelongsElsewhere(at(id), key("ArrowDown"), { by: 240 })).toBe(true);
      },
    );

    it("leaves Space to a button, but scrolls with Space on a link or text", () => {
      expect(keyBelongsElsewhere(at("button"), key(" "), { by: 800 })).toBe(true);
      expect(keyBelongsElsewhere(at("link"), key(" "), { by: 800 })).toBe(false);
      expect(keyBelongsElsewhere(at("text"), key(" "), { by: 800 })).toBe(false);
      expect(keyBelongsElsewhere(at("button"), key("ArrowDown"), { by: 240 })).toBe(false);
    });

    it("leaves keys to a scrollable region while it can still scroll that way", () => {
      const panel = at("panel")!;
      panel.scrollTop = 0;
      expect(keyBelongsElsewhere(at("in-panel"), key("ArrowDown"), { by: 240 })).toBe(true);
      expect(keyBelongsElsewhere(at("in-panel"), key("ArrowUp"), { by: -240 })).toBe(false);
      panel.scrollTop = 800;
      expect(keyBelongsElsewhere(at("in-panel"), key("ArrowDown"), { by: 240 })).toBe(false);
      expect(keyBelongsElsewhere(at("in-panel"), key("Home"), { to: "start" })).toBe(true);
    });

    it("scrolls the page when focus is nowhere in particular", () => {
      expect(keyBelongsElsewhere(document.body, key("PageDown"), { by: 800 })).toBe(false);
      expect(keyBelongsElsewhere(null, key("PageDown"), { by: 800 })).toBe(false);
    });
  });
});
