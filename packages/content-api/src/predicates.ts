import { assertQueryPath, comparableValues, fieldValues, isFilledValue, textOf } from "./document-fields";
import { parsingError } from "./errors";
import type { Predicate, QueryValue } from "./query-syntax";
import type { StoredDocument } from "./types";

/** Turns parsed predicates into document tests, rejecting unknown names and wrong arguments. */

export type DocumentTest = (doc: StoredDocument) => boolean;

function fail(predicate: Predicate, message: string): never {
  throw parsingError(`q: ${predicate.name}(${predicate.path}, ...): ${message}`, "q");
}

function arity(predicate: Predicate, count: number): void {
  if (predicate.args.length !== count) {
    fail(predicate, `expects ${count} argument${count === 1 ? "" : "s"}, got ${predicate.args.length}`);
  }
}

function scalar(predicate: Predicate, value: QueryValue): string | number | boolean {
  if (Array.isArray(value)) fail(predicate, "expects a single value, not a list");
  return value;
}

function list(predicate: Predicate, value: QueryValue): Array<string | number | boolean> {
  if (!Array.isArray(value)) fail(predicate, "expects a list of values");
  return value.map((item) => scalar(predicate, item));
}

function numberArg(predicate: Predicate, value: QueryValue): number {
  if (typeof value !== "number") fail(predicate, "expects a number");
  return value;
}

/** Dates come as ISO strings, "YYYY-MM-DD", or epoch milliseconds. */
function dateArg(predicate: Predicate, value: QueryValue): number {
  const time = typeof value === "number" ? value : typeof value === "string" ? Date.parse(value) : NaN;
  if (Number.isNaN(time)) fail(predicate, `invalid date ${JSON.stringify(value)}`);
  return time;
}

function toTime(value: unknown): number | undefined {
  if (typeof value !== "string") return undefined;
  // Prismic writes "+0000"; Date.parse wants "+00:00".
  const time = Date.parse(value.replace(/([+-]\d{2})(\d{2})$/, "$1:$2"));
  return Number.isNaN(time) ? undefined : time;
}

function equals(a: unknown, b: unknown): boolean {
  return a === b || (typeof a === "number" && typeof b === "string" && String(a) === b);
}

function at(predicate: Predicate): DocumentTest {
  arity(predicate, 1);
  const [expected] = predicate.args;
  if (Array.isArray(expected)) {
    // at(document.tags, ["a", "b"]): every tag present.
    const wanted = list(predicate, expected);
    return (doc) => {
      const { applies, raw } = comparableValues(doc, predicate.path);
      return applies && wanted.every((value) => raw.some((r) => equals(r, value)));
    };
  }
  return (doc) => {
    const { applies, raw } = comparableValues(doc, predicate.path);
    return applies && raw.some((r) => equals(r, expected));
  };
}

function anyOf(predicate: Predicate): DocumentTest {
  arity(predicate, 1);
  const wanted = list(predicate, predicate.args[0]);
  return (doc) => {
    const { applies, raw } = comparableValues(doc, predicate.path);
    return applies && raw.some((r) => wanted.some((value) => equals(r, value)));
  };
}

function fulltext(predicate: Predicate): DocumentTest {
  arity(predicate, 1);
  const terms = String(scalar(predicate, predicate.args[0])).toLocaleLowerCase().split(/\s+/).filter(Boolean);
  return (doc) => {
    const { applies, raw } = fieldValues(doc, predicate.path);
    const text = textOf(raw).toLocaleLowerCase();
    return applies && terms.every((term) => text.includes(term));
  };
}

function filled(predicate: Predicate, wantFilled: boolean): DocumentTest {
  arity(predicate, 0);
  return (doc) => {
    const { applies, raw } = fieldValues(doc, predicate.path);
    return applies && raw.some(isFilledValue) === wantFilled;
  };
}

function numberRange(predicate: Predicate, inRange: (n: number) => boolean): DocumentTest {
  return (doc) => {
    const { applies, raw } = comparableValues(doc, predicate.path);
    return applies && raw.some((value) => typeof value === "number" && inRange(value));
  };
}

function dateRange(predicate: Predicate, inRange: (time: number) => boolean): DocumentTest {
  return (doc) => {
    const { applies, raw } = comparableValues(doc, predicate.path);
    return (
      applies &&
      raw.some((value) => {
        const time = toTime(value);
        return time !== undefined && inRange(time);
      })
    );
  };
}

const BUILDERS: Record<string, (predicate: Predicate) => DocumentTest> = {
  at,
  not: (predicate) => {
    const test = at(predicate);
    return (doc) => fieldValues(doc, predicate.path).applies && !test(doc);
  },
  any: anyOf,
  in: (predicate) => {
    if (predicate.path !== "document.id" && !/^my\.[^.]+\.uid$/.test(predicate.path)) {
      fail(predicate, "'in' works on document.id or my.<type>.uid only");
    }
    return anyOf(predicate);
  },
  fulltext,
  has: (predicate) => filled(predicate, true),
  missing: (predicate) => filled(predicate, false),
  "number.lt": (predicate) => {
    arity(predicate, 1);
    const limit = numberArg(predicate, predicate.args[0]);
    return numberRange(predicate, (n) => n < limit);
  },
  "number.gt": (predicate) => {
    arity(predicate, 1);
    const limit = numberArg(predicate, predicate.args[0]);
    return numberRange(predicate, (n) => n > limit);
  },
  "number.inRange": (predicate) => {
    arity(predicate, 2);
    const low = numberArg(predicate, predicate.args[0]);
    const high = numberArg(predicate, predicate.args[1]);
    return numberRange(predicate, (n) => n >= low && n <= high);
  },
  "date.before": (predicate) => {
    arity(predicate, 1);
    const limit = dateArg(predicate, predicate.args[0]);
    return dateRange(predicate, (time) => time < limit);
  },
  "date.after": (predicate) => {
    arity(predicate, 1);
    const limit = dateArg(predicate, predicate.args[0]);
    return dateRange(predicate, (time) => time > limit);
  },
  "date.between": (predicate) => {
    arity(predicate, 2);
    const start = dateArg(predicate, predicate.args[0]);
    const end = dateArg(predicate, predicate.args[1]);
    return dateRange(predicate, (time) => time >= start && time <= end);
  },
  "date.year": (predicate) => {
    arity(predicate, 1);
    const year = numberArg(predicate, predicate.args[0]);
    return dateRange(predicate, (time) => new Date(time).getUTCFullYear() === year);
  },
};

export const SUPPORTED_PREDICATES = Object.keys(BUILDERS);

export function compilePredicate(predicate: Predicate): DocumentTest {
  const build = BUILDERS[predicate.name];
  if (!build) {
    throw parsingError(
      `q: unknown predicate '${predicate.name}' (supported: ${SUPPORTED_PREDICATES.join(", ")})`,
      "q",
    );
  }
  assertQueryPath(predicate.path, "q");
  if (predicate.path === "document" && predicate.name !== "fulltext") {
    fail(predicate, "the whole document can only be searched with fulltext");
  }
  return build(predicate);
}

/** True when a predicate looks a document up by its UID. */
export function isUidLookup(predicate: Predicate): boolean {
  return /^my\.[^.]+\.uid$/.test(predicate.path) && ["at", "in", "any"].includes(predicate.name);
}
