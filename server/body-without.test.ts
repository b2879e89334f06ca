import fc from "fast-check";

import { bodyWithout } from "@/server/body-without.mjs";

/** What the edit must give: each element's first occurrence after the previous one's, taken out. */
function expected(body: string, elements: string[]) {
  let out = "";
  let rest = body;
  for (const element of elements.filter((each) => each.length > 0)) {
    const at = rest.indexOf(element);
    if (at < 0) break;
    out += rest.slice(0, at);
    rest = rest.slice(at + element.length);
  }
  return out + rest;
}

/** `body` through a fresh edit, written in the pieces `cuts` make. */
function through(body: Buffer, elements: string[], cuts: number[]) {
  const edit = bodyWithout(elements);
  const bounds = [0, ...[...new Set(cuts)].sort((a, b) => a - b), body.length];
  const out = bounds.slice(1).map((end, index) => edit.push(body.subarray(bounds[index], end)));
  return { out: Buffer.concat([...out, edit.end()]), edit };
}

describe("a page's rest without the elements the head's rewrite took over", () => {
  const ENTRY = '<script src="/_next/static/chunks/e.js" async=""></script>';

  test("React's entry element goes, wherever the writes cut it; the rest passes byte for byte", () => {
    const body = Buffer.from(
      `<p>Réalisé — été</p><script id="_R_">x()</script>${ENTRY}<script>self.__next_f.push([1,"é"])</script></body></html>`,
    );
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: body.length - 1 }), { maxLength: 8 }), (cuts) => {
        const { out, edit } = through(body, [ENTRY], cuts);
        expect(out.toString("utf8")).toBe(body.toString("utf8").replace(ENTRY, ""));
        expect(edit.done()).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  test("any body, any elements, any cuts: each element's first occurrence goes, in order, and nothing else", () => {
    // A small alphabet, so that elements, their beginnings and their repeats come often.
    const text = fc.stringMatching(/^[<a>"]{0,6}$/);
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[<a>"]{1,5}$/), { maxLength: 3 }),
        fc.array(text, { maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        (elements, pieces, rawCuts) => {
          // The body: random text with whole elements and their beginnings among it.
          const body = pieces
            .map((piece, index) => {
              const element = elements[index % Math.max(elements.length, 1)] ?? "";
              return index % 3 === 0
                ? piece + element
                : index % 3 === 1
                  ? piece + element.slice(0, -1)
                  : piece;
            })
            .join("");
          const bytes = Buffer.from(body, "latin1");
          const cuts = bytes.length > 1 ? rawCuts.map((cut) => 1 + (cut % (bytes.length - 1))) : [];
          expect(through(bytes, elements, cuts).out.toString("latin1")).toBe(expected(body, elements));
        },
      ),
      { numRuns: 1000 },
    );
  });

  test("an element that never comes leaves the body whole, the last bytes that looked like its start included", () => {
    const body = Buffer.from(`<p>a</p>${ENTRY.slice(0, 20)}`);
    const { out, edit } = through(body, [ENTRY], [body.length - 5]);
    expect(out.equals(body)).toBe(true);
    expect(edit.done()).toBe(false);
  });

  test("bytes held for the next write are its own: a writer that reuses its buffer after a write changes nothing", () => {
    const edit = bodyWithout([ENTRY]);
    const buffer = Buffer.from(`<p>a</p>${ENTRY.slice(0, 12)}`);
    // (what went out is written below at once; the writer's callback comes after)
    const sent = edit.push(buffer).toString();
    buffer.fill("Z");
    const rest = Buffer.concat([edit.push(Buffer.from(`${ENTRY.slice(12)}<p>b</p>`)), edit.end()]);
    expect(sent + rest.toString()).toBe("<p>a</p><p>b</p>");
  });

  test("once every element has gone, what comes after passes as it came", () => {
    const edit = bodyWithout([ENTRY]);
    expect(edit.push(Buffer.from(`a${ENTRY}b`)).toString()).toBe("ab");
    expect(edit.done()).toBe(true);
    const later = Buffer.from(ENTRY);
    expect(edit.push(later)).toBe(later);
    expect(edit.end().length).toBe(0);
  });
});
