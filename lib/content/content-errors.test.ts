import { PreviewTokenExpiredError } from "@prismicio/client";

import {
  describeContentError,
  markReported,
  skipReportedErrors,
  wasReported,
} from "@/lib/content/content-errors";

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

describe("a content failure's log line", () => {
  it("names the query without the route table the client adds to every request", () => {
    const routes = encodeURIComponent(JSON.stringify([{ type: "project", path: "/works/:uid", lang: "fr-fr" }]));
    const url = `http://127.0.0.1:3001/api/v2/documents/search?q=x&ref=r&routes=${routes}&brokenRoute=%2Fnot-found&pageSize=1`;
    const error = new PreviewTokenExpiredError(`This preview token has expired on URL ${url}`, url, {});
    const line = describeContentError(error);
    expect(line).toBe(
      "Error: This preview token has expired on URL http://127.0.0.1:3001/api/v2/documents/search?q=x&ref=r&pageSize=1",
    );
    expect(line).not.toContain("routes");
  });

  it("adds the URL when the message does not name it", () => {
    const error = new PreviewTokenExpiredError("expired", "http://127.0.0.1:3001/api/v2?routes=%5B%5D&a=1", {});
    expect(describeContentError(error)).toBe("Error: expired on URL http://127.0.0.1:3001/api/v2?a=1");
  });
});
