import { markReported, skipReportedErrors, wasReported } from "@/lib/content/content-errors";

describe("content failures are reported once", () => {
  it("leaves out Next's report of an error already logged, and prints every other error", () => {
    const printed: unknown[][] = [];
    const target = { error: (...args: unknown[]) => void printed.push(args) };
    skipReportedErrors(target);

    const logged = markReported(new Error("Unexpected status code [500] on URL http://127.0.0.1:1/api/v2"));
    target.error(" ⨯", logged);
    target.error(logged);
    const other = new Error("a bug");
    target.error(" ⨯", other);
    target.error("[content] plain text");

    expect(printed).toEqual([[" ⨯", other], ["[content] plain text"]]);
  });

  it("marks objects only, and keeps the error itself", () => {
    const error = new TypeError("x");
    expect(markReported(error)).toBe(error);
    expect(wasReported(error)).toBe(true);
    expect(wasReported(new TypeError("y"))).toBe(false);
    expect(markReported("text")).toBe("text");
    expect(wasReported("text")).toBe(false);
    expect(wasReported(null)).toBe(false);
  });
});
