import "@testing-library/jest-dom/jest-globals";

// Browser APIs jsdom lacks, in their simplest faithful form: layout never changes,
// and a modal dialog opens and closes (jsdom has no top layer or inertness).
if (!("ResizeObserver" in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
if (typeof HTMLDialogElement !== "undefined" && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
}
if (!window.matchMedia) {
  // No media feature matches (no fine pointer, no reduced motion): the page scrolls natively.
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// Components render outside Next's app router here: useRouter() gets a router whose calls a test
// can read (test-support/test-router.ts), instead of throwing that no router is mounted.
jest.mock("next/navigation", () => ({
  ...jest.requireActual<typeof import("next/navigation")>("next/navigation"),
  useRouter: () => jest.requireActual<typeof import("./test-router")>("./test-router").testRouter,
}));
