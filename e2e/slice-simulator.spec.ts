import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { compressToEncodedURIComponent } from "lz-string";

import { expect, test } from "./fixtures";
import { inlinePayload } from "./helpers/html";
import { startSiteServer, type SiteServer } from "./helpers/site-server";

/**
 * Slice Machine's simulator renders every slice of the library, in every variation
 * its mocks.json holds. Requests are made the way the simulator (adapter-next) makes
 * them: the slices, as JSON compressed by lz-string, in the `state` query parameter,
 * rendered by the server's SliceZone. A second production server is used so its log
 * can be read: rendering a mock must not log an error.
 */

interface FieldModel {
  type: string;
  config?: { fields?: Record<string, FieldModel> };
}

interface SliceModel {
  id: string;
  variations: Array<{
    id: string;
    primary?: Record<string, FieldModel>;
    items?: Record<string, FieldModel>;
  }>;
}

interface SliceMock {
  slice_type: string;
  variation: string;
  primary: Record<string, unknown>;
  items?: Array<Record<string, unknown>>;
}

interface RichTextNode {
  text?: string;
  spans?: Array<{ start: number; end: number }>;
}

const SLICES_DIR = path.resolve(__dirname, "../slices");

const library = readdirSync(SLICES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name: folder }) => {
    const read = (file: string) => JSON.parse(readFileSync(path.join(SLICES_DIR, folder, file), "utf8"));
    return { folder, model: read("model.json") as SliceModel, mocks: read("mocks.json") as SliceMock[] };
  });

/** The strings a rich-text node renders as: its text cut at span edges and line breaks. */
function richTextPieces(node: RichTextNode): string[] {
  const text = node.text ?? "";
  const edges = [
    ...new Set([0, text.length, ...(node.spans ?? []).flatMap((span) => [span.start, span.end])]),
  ].sort((a, b) => a - b);
  return edges
    .slice(1)
    .flatMap((end, index) => text.slice(edges[index], end).split("\n"))
    .map((piece) => piece.trim())
    .filter(Boolean);
}

/** The visible text of a mock's fields (key text, rich text, inside groups too), read through the model. */
function mockTexts(
  fields: Record<string, FieldModel> | undefined,
  values: Record<string, unknown>,
): string[] {
  return Object.entries(fields ?? {}).flatMap(([key, field]) => {
    const value = values[key];
    switch (field.type) {
      case "Text":
        return typeof value === "string" && value.trim() ? [value.trim()] : [];
      case "StructuredText":
        return Array.isArray(value) ? (value as RichTextNode[]).flatMap(richTextPieces) : [];
      case "Group":
        return Array.isArray(value)
          ? (value as Array<Record<string, unknown>>).flatMap((item) => mockTexts(field.config?.fields, item))
          : [];
      default:
        return [];
    }
  });
}

/** A string appears in the payload, either raw (a text row) or JSON-escaped (inside a model row). */
function payloadHas(payload: string, text: string): boolean {
  return payload.includes(text) || payload.includes(JSON.stringify(text).slice(1, -1));
}

let server: SiteServer;

test.beforeAll(async () => {
  server = await startSiteServer();
});

test.afterAll(async () => {
  await server?.stop();
});

test("the library has slices, and each has a mock for every variation of its model", () => {
  expect(library.length).toBeGreaterThan(0);
  for (const { folder, model, mocks } of library) {
    expect(mocks.map((mock) => mock.variation).sort(), folder).toEqual(
      model.variations.map((variation) => variation.id).sort(),
    );
    for (const mock of mocks) expect(mock.slice_type, folder).toBe(model.id);
  }
});

for (const { folder, model, mocks } of library) {
  for (const mock of mocks) {
    test(`simulator renders ${folder}, variation ${mock.variation}`, async () => {
      const variation = model.variations.find((candidate) => candidate.id === mock.variation);
      const texts = [
        ...mockTexts(variation?.primary, mock.primary),
        ...(mock.items ?? []).flatMap((item) => mockTexts(variation?.items, item)),
      ];
      expect(texts.length, "the mock has text to look for").toBeGreaterThan(0);

      const logStart = server.output().length;
      const state = compressToEncodedURIComponent(JSON.stringify([mock]));
      // As Slice Machine's frame asks for it (anything else is a 404 in production).
      const response = await fetch(`${server.origin}/slice-simulator?state=${state}`, {
        headers: { "sec-fetch-dest": "iframe" },
      });
      const html = await response.text();
      const logged = server.output().slice(logStart);

      expect(response.status, logged).toBe(200);
      const payload = inlinePayload(html);
      expect(payload, "the slice component rendered").toContain(`"data-slice-type":"${mock.slice_type}"`);
      expect(texts.filter((text) => !payloadHas(payload, text))).toEqual([]);
      // A component that throws while streaming leaves an error row ("<id>:E{digest}") in a 200 page.
      expect(payload.match(/^[0-9a-f]+:E\{.*$/gm) ?? []).toEqual([]);
      expect(logged.split("\n").filter((line) => /error|⨯/i.test(line))).toEqual([]);
    });
  }
}
