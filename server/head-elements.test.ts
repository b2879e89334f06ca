import fc from "fast-check";

import { headElements } from "@/server/head-elements.mjs";

/** The element a rewrite looks for: here a self-closed `<link rel="x">`, naming what it read. */
const TARGET = /<link rel="(?<rel>[a-z]+)"\/>/;
const target = (rel: string) => `<link rel="${rel}"/>`;

describe("the elements of a head, as a parser finds them", () => {
  test("an element counts where it is markup, never inside a comment or a raw-text element's text", () => {
    const rel = fc.stringMatching(/^[a-z]{1,6}$/);
    const text = fc.stringMatching(/^[a-z ='"]{0,8}$/);
    const token = fc.oneof(
      rel.map((name) => ({ html: target(name), found: [name] })),
      fc
        .tuple(
          fc.constantFrom("script", "style", "title", "textarea", "noscript"),
          // (HTML reads tag names in any case: each letter of the start and end tags on its own)
          fc.array(fc.boolean(), { minLength: 16, maxLength: 16 }),
          fc.constantFrom("", ' type="x"', " data-a"),
          rel,
          text,
        )
        .map(([tag, upper, attributes, name, words]) => {
          const cased = (from: number) =>
            [...tag].map((letter, index) => (upper[from + index] ? letter.toUpperCase() : letter)).join("");
          return {
            html: `<${cased(0)}${attributes}>${words}${target(name)}${words}</${cased(8)}>`,
            found: [] as string[],
          };
        }),
      fc.tuple(rel, text).map(([name, words]) => ({ html: `<!--${words}${target(name)}-->`, found: [] })),
      fc
        .constantFrom('<meta charSet="utf-8"/>', "<scripts>", "<br/>", "<titles/>", "text")
        .map((html) => ({ html, found: [] })),
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 10 }), (tokens) => {
        const head = `<head>${tokens.map((each) => each.html).join("")}`;
        const found = [...headElements(head, TARGET)];
        expect(found.map((match) => match.groups?.rel)).toEqual(tokens.flatMap((each) => each.found));
        for (const match of found)
          expect(head.slice(match.index).startsWith(match.groups?.element ?? "-")).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  test("an element unclosed to the end of the head hides what follows it, as in a parser", () => {
    expect([...headElements(`<head><script>x=1;${target("a")}`, TARGET)]).toEqual([]);
    expect([...headElements(`<head><!-- ${target("a")}`, TARGET)]).toEqual([]);
  });
});
