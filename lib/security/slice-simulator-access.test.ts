import fc from "fast-check";

import {
  isSimulatorPath,
  simulatorMayAnswer,
  simulatorNotFound,
} from "@/lib/security/slice-simulator-access";

/** Every value of Sec-Fetch-Dest the Fetch standard defines, and none at all. */
const DESTINATIONS = [
  "audio",
  "audioworklet",
  "document",
  "embed",
  "empty",
  "font",
  "frame",
  "iframe",
  "image",
  "json",
  "manifest",
  "object",
  "paintworklet",
  "report",
  "script",
  "serviceworker",
  "sharedworker",
  "style",
  "track",
  "video",
  "webidentity",
  "worker",
  "xslt",
];

describe("simulatorMayAnswer in production", () => {
  test("Slice Machine's frame and its router refreshes are answered", () => {
    expect(simulatorMayAnswer({ fetchDest: "iframe", rsc: false }, true)).toBe(true);
    expect(simulatorMayAnswer({ fetchDest: "frame", rsc: false }, true)).toBe(true);
    expect(simulatorMayAnswer({ fetchDest: "empty", rsc: true }, true)).toBe(true);
  });

  test("a top-level visit, no Fetch Metadata, or any other destination is not", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom(...DESTINATIONS, null), fc.string({ maxLength: 12 })),
        fc.boolean(),
        (fetchDest, rsc) => {
          const framed = fetchDest === "iframe" || fetchDest === "frame";
          const refresh = fetchDest === "empty" && rsc;
          expect(simulatorMayAnswer({ fetchDest, rsc }, true)).toBe(framed || refresh);
        },
      ),
      { numRuns: 500 },
    );
    expect(simulatorMayAnswer({ fetchDest: "document", rsc: true }, true)).toBe(false);
    expect(simulatorMayAnswer({ fetchDest: null, rsc: true }, true)).toBe(false);
    expect(simulatorMayAnswer({ fetchDest: "IFRAME", rsc: false }, true)).toBe(false);
  });

  test("under next dev, everything is (Slice Machine runs there, and some tools load it top-level)", () => {
    expect(simulatorMayAnswer({ fetchDest: "document", rsc: false }, false)).toBe(true);
    expect(simulatorMayAnswer({ fetchDest: null, rsc: false }, false)).toBe(true);
  });
});

test("the simulator's path, with or without its trailing slash, and nothing else", () => {
  expect(isSimulatorPath("/slice-simulator")).toBe(true);
  expect(isSimulatorPath("/slice-simulator/")).toBe(true);
  expect(isSimulatorPath("/slice-simulatorx")).toBe(false);
  expect(isSimulatorPath("/en/slice-simulator")).toBe(false);
});

test("the refusal is a 404 no cache keeps and no index lists", async () => {
  const response = simulatorNotFound();
  expect(response.status).toBe(404);
  expect(response.headers.get("cache-control")).toContain("no-store");
  expect(response.headers.get("x-robots-tag")).toContain("noindex");
  expect(await response.text()).toContain("Page introuvable");
});
