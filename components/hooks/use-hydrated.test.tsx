import { act } from "react";
import { hydrateRoot, createRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";

import { useHydrated } from "./use-hydrated";

// React's act() warns unless the environment says it is a test's (Testing Library says so when imported).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Each value the probe rendered, in order, per probe name. */
const seen: Record<string, boolean[]> = {};

function Probe({ name }: { name: string }) {
  const hydrated = useHydrated();
  (seen[name] ??= []).push(hydrated);
  return <p data-hydrated={hydrated}>{name}</p>;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// One module instance for the whole sequence: the flag is the document's, set once.
describe("useHydrated", () => {
  it("is false on the server, through hydration and its effects, true a task later, and at once for a later mount", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Probe name="header" />);
    document.body.append(container);
    expect(container.querySelector("p")).toHaveAttribute("data-hydrated", "false");
    seen.header = [];

    const errors: unknown[] = [];
    // A synchronous act: hydration, its commit and its effects run to the end before it returns,
    // with no task in between (an async act may let a timer through on a loaded machine).
    act(() => {
      hydrateRoot(container, <Probe name="header" />, { onRecoverableError: (error) => errors.push(error) });
    });
    // Hydration's effects are done: no re-render was added to them.
    expect(errors).toEqual([]);
    expect(seen.header).toEqual([false]);
    expect(container.querySelector("p")).toHaveAttribute("data-hydrated", "false");

    await act(nextTask);
    expect(seen.header).toEqual([false, true]);
    expect(container.querySelector("p")).toHaveAttribute("data-hydrated", "true");

    // A component mounted after hydration (a client navigation's new layout) starts true.
    const later = document.createElement("div");
    document.body.append(later);
    act(() => createRoot(later).render(<Probe name="later" />));
    expect(seen.later).toEqual([true]);
  });
});
