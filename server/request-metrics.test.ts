import { requestKindOf, REQUEST_KINDS } from "@/lib/metrics/request-kind";
import { answerKind } from "@/server/request-metrics.mjs";

describe("an answer's page type", () => {
  test("a page's path answered with a redirect counts as redirect; files and handlers keep theirs", () => {
    expect(answerKind(requestKindOf("/showreel"), 308)).toBe("redirect");
    expect(answerKind(requestKindOf("/works/old-uid"), 307)).toBe("redirect");
    expect(answerKind(requestKindOf("/works/"), 308)).toBe("redirect");
    expect(answerKind(requestKindOf("/works/old-uid"), 404)).toBe("project");
    expect(answerKind(requestKindOf("/preview"), 307)).toBe("preview");
    expect(answerKind(requestKindOf("/api/exit-preview"), 307)).toBe("api");
    expect(REQUEST_KINDS).toContain("redirect");
  });
});
