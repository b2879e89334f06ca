import { INITIAL_CONSENT, transition, type ConsentAction, type ConsentState } from "./consent-machine";
import { registerServices } from "./services";

const services = registerServices([
  { id: "necessary", name: "Necessary", required: true },
  { id: "analytics", name: "Analytics" },
  { id: "youtube", name: "YouTube", default: true },
]);

/** Runs actions from the initial state; returns the last transition. */
function run(...actions: ConsentAction[]) {
  let state: ConsentState = INITIAL_CONSENT;
  let last = transition(services, state, actions[0]);
  for (const action of actions) {
    last = transition(services, state, action);
    state = last.state;
  }
  return last;
}

const everyone = { necessary: true, analytics: true, youtube: true };
const nobody = { necessary: true, analytics: false, youtube: false };

describe("consent state machine", () => {
  it("shows the notice on a first visit, with nothing but required services enabled", () => {
    const { state, save, changes } = run({ type: "start", saved: null });
    expect(state.view).toBe("shown");
    expect(save).toBeUndefined();
    expect(changes).toEqual([
      { service: "necessary", enabled: true },
      { service: "analytics", enabled: false },
      // A default only presets the toggle: nothing runs before an explicit choice.
      { service: "youtube", enabled: false },
    ]);
    expect(state.draft).toEqual({ necessary: true, analytics: false, youtube: true });
  });

  it("stays hidden and applies the saved choices when the cookie covers every service", () => {
    const { state, save, changes } = run({
      type: "start",
      saved: { necessary: true, analytics: true, youtube: false },
    });
    expect(state.view).toBe("hidden");
    expect(save).toBeUndefined();
    expect(changes).toEqual([
      { service: "necessary", enabled: true },
      { service: "analytics", enabled: true },
      { service: "youtube", enabled: false },
    ]);
  });

  it("shows the notice again when a service was added after consent, keeping the choices already made", () => {
    const { state, changes } = run({ type: "start", saved: { necessary: true, analytics: true } });
    expect(state.view).toBe("shown");
    expect(changes).toContainEqual({ service: "analytics", enabled: true });
    expect(changes).toContainEqual({ service: "youtube", enabled: false });
    expect(state.draft).toEqual({ necessary: true, analytics: true, youtube: true });
  });

  it("needs no saved flag for required services, and never lets a cookie turn them off", () => {
    const { state, changes } = run({
      type: "start",
      saved: { necessary: false, analytics: false, youtube: false },
    });
    expect(state.view).toBe("hidden");
    expect(changes).toContainEqual({ service: "necessary", enabled: true });
  });

  it("drops ids the registry no longer has", () => {
    const { save } = run(
      { type: "start", saved: { necessary: true, analytics: true, youtube: true, old: true } },
      { type: "acceptAll" },
    );
    expect(save).toEqual(everyone);
  });

  it("accept all enables and saves every service, and hides the notice", () => {
    const { state, save, changes } = run({ type: "start", saved: null }, { type: "acceptAll" });
    expect(state.view).toBe("hidden");
    expect(save).toEqual(everyone);
    expect(changes?.every((change) => change.enabled)).toBe(true);
  });

  it("refuse all disables every service but the required ones, and saves", () => {
    const { state, save, changes } = run({ type: "start", saved: null }, { type: "refuseAll" });
    expect(state.view).toBe("hidden");
    expect(save).toEqual(nobody);
    expect(changes).toEqual([
      { service: "necessary", enabled: true },
      { service: "analytics", enabled: false },
      { service: "youtube", enabled: false },
    ]);
  });

  it("customise expands the panel; close collapses it back to the notice without saving", () => {
    const expanded = run({ type: "start", saved: null }, { type: "customise" });
    expect(expanded.state.view).toBe("expanded");
    const closed = run(
      { type: "start", saved: null },
      { type: "customise" },
      { type: "toggle", id: "analytics", enabled: true },
      { type: "close" },
    );
    expect(closed.state.view).toBe("shown");
    expect(closed.save).toBeUndefined();
    expect(closed.state.draft.analytics).toBe(false);
  });

  it("save persists the toggles, emits each service's event and hides", () => {
    const { state, save, changes } = run(
      { type: "start", saved: null },
      { type: "customise" },
      { type: "toggle", id: "analytics", enabled: true },
      { type: "toggle", id: "youtube", enabled: false },
      { type: "save" },
    );
    expect(state.view).toBe("hidden");
    expect(save).toEqual({ necessary: true, analytics: true, youtube: false });
    expect(changes).toHaveLength(services.length);
  });

  it("saving the panel untouched saves each toggle's preset", () => {
    const { save } = run({ type: "start", saved: null }, { type: "customise" }, { type: "save" });
    expect(save).toEqual({ necessary: true, analytics: false, youtube: true });
  });

  it("ignores toggles of required or unknown services, and toggles outside the panel", () => {
    const required = run(
      { type: "start", saved: null },
      { type: "customise" },
      { type: "toggle", id: "necessary", enabled: false },
      { type: "save" },
    );
    expect(required.save?.necessary).toBe(true);
    const unknown = run(
      { type: "start", saved: null },
      { type: "customise" },
      { type: "toggle", id: "tracker", enabled: true },
      { type: "save" },
    );
    expect(unknown.save).not.toHaveProperty("tracker");
    const hidden = run({ type: "start", saved: null }, { type: "toggle", id: "analytics", enabled: true });
    expect(hidden.state.draft.analytics).toBe(false);
  });

  it("reopens the panel from the footer with the saved choices, and closes back to hidden", () => {
    const saved = { necessary: true, analytics: true, youtube: false };
    const opened = run({ type: "start", saved }, { type: "open" });
    expect(opened.state.view).toBe("expanded");
    expect(opened.state.draft).toEqual(saved);
    expect(run({ type: "start", saved }, { type: "open" }, { type: "close" }).state.view).toBe("hidden");
  });

  it("revoking a service from the panel emits its disable event", () => {
    const { save, changes } = run(
      { type: "start", saved: everyone },
      { type: "open" },
      { type: "toggle", id: "analytics", enabled: false },
      { type: "save" },
    );
    expect(save?.analytics).toBe(false);
    expect(changes).toContainEqual({ service: "analytics", enabled: false });
  });

  it("allowing one service from where it is used saves only that choice", () => {
    const { state, save, changes } = run({ type: "start", saved: null }, { type: "allow", id: "youtube" });
    expect(save).toEqual({ necessary: true, youtube: true });
    expect(changes).toContainEqual({ service: "youtube", enabled: true });
    expect(changes).toContainEqual({ service: "analytics", enabled: false });
    // The other services are still undecided: the notice stays.
    expect(state.view).toBe("shown");
    expect(run({ type: "start", saved: nobody }, { type: "allow", id: "youtube" }).state.view).toBe("hidden");
    expect(run({ type: "start", saved: null }, { type: "allow", id: "tracker" }).save).toBeUndefined();
  });

  it("allowing a service the visitor already allowed decides nothing and saves nothing", () => {
    const again = run({ type: "start", saved: everyone }, { type: "allow", id: "youtube" });
    expect(again.save).toBeUndefined();
    expect(again.changes).toBeUndefined();
    expect(again.state.decided).toEqual(everyone);
  });

  it("starts once (Strict Mode mounts twice) and ignores actions before starting", () => {
    const started = run({ type: "start", saved: null }, { type: "start", saved: everyone });
    expect(started.state.view).toBe("shown");
    expect(started.changes).toBeUndefined();
    const early = transition(services, INITIAL_CONSENT, { type: "acceptAll" });
    expect(early.state).toBe(INITIAL_CONSENT);
    expect(early.save).toBeUndefined();
  });

  it("names each decision's kind for its record: a consent taken back is a withdrawal, whichever button did it", () => {
    expect(run({ type: "start", saved: null }, { type: "acceptAll" }).kind).toBe("accept_all");
    expect(run({ type: "start", saved: null }, { type: "refuseAll" }).kind).toBe("refuse_all");
    expect(
      run(
        { type: "start", saved: null },
        { type: "customise" },
        { type: "toggle", id: "analytics", enabled: true },
        { type: "save" },
      ).kind,
    ).toBe("custom");
    expect(run({ type: "start", saved: null }, { type: "allow", id: "youtube" }).kind).toBe("custom");
    expect(run({ type: "start", saved: everyone }, { type: "refuseAll" }).kind).toBe("withdrawal");
    expect(
      run(
        { type: "start", saved: everyone },
        { type: "open" },
        { type: "toggle", id: "youtube", enabled: false },
        { type: "save" },
      ).kind,
    ).toBe("withdrawal");
    // Refusing again what was refused takes nothing back.
    expect(run({ type: "start", saved: nobody }, { type: "refuseAll" }).kind).toBe("refuse_all");
    expect(run({ type: "start", saved: nobody }, { type: "acceptAll" }).kind).toBe("accept_all");
    // Only decisions have a kind.
    expect(run({ type: "start", saved: null }, { type: "customise" }).kind).toBeUndefined();
  });

  it("keeps the cookie's receipt from the start", () => {
    const receipt = { id: "AAAAAAAAAAAAAAAAAAAAAA", at: 1_764_201_600_000 };
    expect(run({ type: "start", saved: everyone, receipt }).state.receipt).toEqual(receipt);
  });
});
