import { createConsentStore } from "./consent-store";
import { registerServices } from "./services";

const services = registerServices([
  { id: "necessary", name: "Necessary", required: true },
  { id: "analytics", name: "Analytics" },
  { id: "vimeo", name: "Vimeo" },
]);

function started(saved: Record<string, boolean> | null = null) {
  const persist = jest.fn();
  const store = createConsentStore(services, persist);
  return { store, persist, start: () => store.dispatch({ type: "start", saved }) };
}

describe("consent store and events", () => {
  it("emits each service's event to its subscribers, and every event to '*'", () => {
    const { store, start } = started();
    const analytics = jest.fn();
    const all = jest.fn();
    store.subscribe("analytics", analytics);
    store.subscribe("*", all);
    start();
    store.dispatch({ type: "acceptAll" });
    expect(analytics.mock.calls).toEqual([
      [{ service: "analytics", enabled: false }],
      [{ service: "analytics", enabled: true }],
    ]);
    expect(all).toHaveBeenCalledTimes(services.length * 2);
  });

  it("stops calling a listener once unsubscribed, either way", () => {
    const { store, start } = started();
    const first = jest.fn();
    const second = jest.fn();
    const stop = store.subscribe("vimeo", first);
    store.subscribe("vimeo", second);
    stop();
    store.unsubscribe("vimeo", second);
    start();
    expect(first).not.toHaveBeenCalled();
    expect(second).not.toHaveBeenCalled();
  });

  it("persists only decisions, and tells state subscribers about every change", () => {
    const { store, persist, start } = started();
    const onChange = jest.fn();
    store.subscribeState(onChange);
    start();
    expect(persist).not.toHaveBeenCalled();
    store.dispatch({ type: "customise" });
    store.dispatch({ type: "refuseAll" });
    expect(persist).toHaveBeenCalledTimes(1);
    expect(persist).toHaveBeenCalledWith(
      { necessary: true, analytics: false, vimeo: false },
      "refuse_all",
      undefined,
    );
    expect(onChange).toHaveBeenCalledTimes(3);
    expect(store.getState().view).toBe("hidden");
  });

  it("keeps the receipt of each saved choice and hands it to the next save, whose consent id it keeps", () => {
    const { store, persist, start } = started();
    const first = { id: "AAAAAAAAAAAAAAAAAAAAAA", at: 1 };
    persist.mockReturnValueOnce(first).mockReturnValueOnce({ ...first, at: 2 });
    start();
    store.dispatch({ type: "acceptAll" });
    expect(store.getState().receipt).toEqual(first);
    store.dispatch({ type: "refuseAll" });
    expect(persist).toHaveBeenLastCalledWith(
      { necessary: true, analytics: false, vimeo: false },
      "withdrawal",
      first,
    );
    expect(store.getState().receipt).toEqual({ ...first, at: 2 });
  });

  it("keeps emitting when one listener throws", () => {
    const { store, start } = started();
    const error = jest.spyOn(console, "error").mockImplementation(() => {});
    const after = jest.fn();
    store.subscribe("analytics", () => {
      throw new Error("broken tag");
    });
    store.subscribe("analytics", after);
    start();
    expect(after).toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith(expect.stringContaining('"analytics"'), expect.any(Error));
    error.mockRestore();
  });

  it("does nothing for an action that changes nothing", () => {
    const { store, start } = started({ necessary: true, analytics: true, vimeo: true });
    start();
    const onChange = jest.fn();
    store.subscribeState(onChange);
    store.dispatch({ type: "start", saved: null });
    expect(onChange).not.toHaveBeenCalled();
  });

  it("starts first when a visitor's action comes before the page's start, so the action is not lost", () => {
    const { store, start } = started({ necessary: true, analytics: false, vimeo: false });
    const stop = store.startBeforeFirstAction(start);
    const vimeo = jest.fn();
    store.subscribe("vimeo", vimeo);
    store.dispatch({ type: "open" });
    expect(store.getState()).toMatchObject({ started: true, view: "expanded" });
    store.dispatch({ type: "allow", id: "vimeo" });
    expect(vimeo.mock.calls).toEqual([
      [{ service: "vimeo", enabled: false }],
      [{ service: "vimeo", enabled: true }],
    ]);
    // Taken back (the page is gone), an early action is ignored again, as the machine has it.
    const { store: other, start: otherStart } = started();
    other.startBeforeFirstAction(otherStart)();
    other.dispatch({ type: "open" });
    expect(other.getState().started).toBe(false);
    stop();
  });

  it("records nothing new when an early allow is for a service the visitor's cookie already allows", () => {
    const { store, start, persist } = started({ necessary: true, analytics: false, vimeo: true });
    store.startBeforeFirstAction(start);
    store.dispatch({ type: "allow", id: "vimeo" });
    expect(store.getState()).toMatchObject({ started: true, decided: { vimeo: true } });
    expect(persist).not.toHaveBeenCalled();
  });
});
