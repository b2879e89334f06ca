import { ContentApiError } from "./errors";
import { parseGraphQuery } from "./graph-query";
import { parseOrderings, parsePredicates } from "./query-syntax";
import { parseRoutes } from "./routes";

function parsingMessage(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ContentApiError);
    expect((error as ContentApiError).status).toBe(400);
    expect((error as ContentApiError).body.type).toBe("parsing-error");
    return (error as Error).message;
  }
  throw new Error("expected a parsing error");
}

describe("predicates", () => {
  test("parses several predicates with strings, numbers, lists and escapes", () => {
    expect(
      parsePredicates(
        '[[at(document.type, "project")][any(document.tags, ["a", "b\\"c"])][number.inRange(my.project.year, 2019, 2024.5)]]',
      ),
    ).toEqual([
      { name: "at", path: "document.type", args: ["project"] },
      { name: "any", path: "document.tags", args: [["a", 'b"c']] },
      { name: "number.inRange", path: "my.project.year", args: [2019, 2024.5] },
    ]);
  });

  test.each([
    ['[at(document.type, "x")]', /expected '\['/],
    ['[[at(document.type, "x")]', /expected|end of input/],
    ['[[at(document.type, "x)]]', /unterminated string/],
    ["[[at(document.type, #)]]", /unexpected character '#'/],
    ['[[at("x", "y")]]', /expected a field path/],
  ])("rejects %s with a clear message", (source, message) => {
    expect(parsingMessage(() => parsePredicates(source))).toMatch(message);
  });
});

describe("orderings, routes and graphQuery", () => {
  test("orderings read a path and an optional direction", () => {
    expect(parseOrderings("[my.project.year desc, document.id]")).toEqual([
      { path: "my.project.year", direction: "desc" },
      { path: "document.id", direction: "asc" },
    ]);
    expect(parsingMessage(() => parseOrderings("my.project.year"))).toMatch(/bracketed list/);
    expect(parsingMessage(() => parseOrderings("[my.project.year sideways]"))).toMatch(/invalid ordering/);
  });

  test("routes must be a JSON array of type and path", () => {
    expect(parseRoutes('[{"type":"project","path":"/works/:uid"}]')).toEqual([
      { type: "project", path: "/works/:uid" },
    ]);
    expect(parsingMessage(() => parseRoutes("{"))).toMatch(/not valid JSON/);
    expect(parsingMessage(() => parseRoutes('[{"type":"project"}]'))).toMatch(
      /"type" and "path" must be strings/,
    );
    expect(parsingMessage(() => parseRoutes('[{"type":"project","path":"works"}]'))).toMatch(
      /must start with/,
    );
  });

  test("graphQuery errors name the problem", () => {
    expect(parseGraphQuery("{ project { title cover } }").get("project")?.fields.has("title")).toBe(true);
    expect(parsingMessage(() => parseGraphQuery("{ project { title }"))).toMatch(/expected '}'|missing '}'/);
    expect(parsingMessage(() => parseGraphQuery("{ project }"))).toMatch(/needs a selection/);
    expect(parsingMessage(() => parseGraphQuery("{ project { ...weird } }"))).toMatch(/unknown spread/);
  });
});
