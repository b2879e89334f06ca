import { parsingError } from "./errors";

/**
 * Tokenizer and parser for Prismic's query language: the `q` predicates
 * (`[[at(document.type, "project")][number.gt(my.project.year, 2020)]]`) and
 * `orderings` (`[my.project.year desc,document.id]`).
 */

export type QueryValue = string | number | boolean | QueryValue[];

export interface Predicate {
  name: string;
  path: string;
  args: QueryValue[];
}

export interface Ordering {
  path: string;
  direction: "asc" | "desc";
}

type Token =
  | { kind: "punct"; value: "[" | "]" | "(" | ")" | ","; at: number }
  | { kind: "string"; value: string; at: number }
  | { kind: "number"; value: number; at: number }
  | { kind: "word"; value: string; at: number };

const WORD = /[A-Za-z0-9_.\-:]/;

function tokenize(source: string, param: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const char = source[i];
    if (/\s/.test(char)) {
      i++;
    } else if ("[](),".includes(char)) {
      tokens.push({ kind: "punct", value: char as "[", at: i });
      i++;
    } else if (char === '"' || char === "'") {
      let value = "";
      let j = i + 1;
      while (j < source.length && source[j] !== char) {
        if (source[j] === "\\" && j + 1 < source.length) j++;
        value += source[j];
        j++;
      }
      if (j >= source.length) throw parsingError(`${param}: unterminated string at column ${i + 1}`, param);
      tokens.push({ kind: "string", value, at: i });
      i = j + 1;
    } else if (WORD.test(char)) {
      let j = i;
      while (j < source.length && WORD.test(source[j])) j++;
      const word = source.slice(i, j);
      if (/^-?\d+(\.\d+)?$/.test(word)) tokens.push({ kind: "number", value: Number(word), at: i });
      else tokens.push({ kind: "word", value: word, at: i });
      i = j;
    } else {
      throw parsingError(`${param}: unexpected character '${char}' at column ${i + 1}`, param);
    }
  }
  return tokens;
}

class TokenStream {
  private index = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly param: string,
  ) {}

  peek(): Token | undefined {
    return this.tokens[this.index];
  }

  next(): Token {
    const token = this.tokens[this.index++];
    if (!token) throw parsingError(`${this.param}: unexpected end of input`, this.param);
    return token;
  }

  expect(value: string): void {
    const token = this.next();
    if (token.kind !== "punct" || token.value !== value) {
      throw parsingError(`${this.param}: expected '${value}' at column ${token.at + 1}`, this.param);
    }
  }

  isPunct(value: string): boolean {
    const token = this.peek();
    return token?.kind === "punct" && token.value === value;
  }

  done(): boolean {
    return this.index >= this.tokens.length;
  }
}

function parseValue(stream: TokenStream, param: string): QueryValue {
  const token = stream.next();
  if (token.kind === "string" || token.kind === "number") return token.value;
  if (token.kind === "word" && (token.value === "true" || token.value === "false"))
    return token.value === "true";
  if (token.kind === "punct" && token.value === "[") {
    const list: QueryValue[] = [];
    while (!stream.isPunct("]")) {
      list.push(parseValue(stream, param));
      if (!stream.isPunct("]")) stream.expect(",");
    }
    stream.expect("]");
    return list;
  }
  throw parsingError(`${param}: unexpected '${String(token.value)}' at column ${token.at + 1}`, param);
}

function parsePredicate(stream: TokenStream, param: string): Predicate {
  stream.expect("[");
  const nameToken = stream.next();
  if (nameToken.kind !== "word") {
    throw parsingError(`${param}: expected a predicate name at column ${nameToken.at + 1}`, param);
  }
  stream.expect("(");
  const pathToken = stream.next();
  if (pathToken.kind !== "word") {
    throw parsingError(`${param}: expected a field path at column ${pathToken.at + 1}`, param);
  }
  const args: QueryValue[] = [];
  while (stream.isPunct(",")) {
    stream.next();
    args.push(parseValue(stream, param));
  }
  stream.expect(")");
  stream.expect("]");
  return { name: nameToken.value, path: pathToken.value, args };
}

/** Parses one `q` value: a bracketed list of bracketed predicates. */
export function parsePredicates(source: string): Predicate[] {
  const param = "q";
  const stream = new TokenStream(tokenize(source, param), param);
  stream.expect("[");
  const predicates: Predicate[] = [];
  while (!stream.isPunct("]")) predicates.push(parsePredicate(stream, param));
  stream.expect("]");
  if (!stream.done()) throw parsingError(`${param}: unexpected input after the predicates`, param);
  return predicates;
}

/** Parses `orderings`: `[path desc, path]`. */
export function parseOrderings(source: string): Ordering[] {
  const trimmed = source.trim();
  if (!trimmed.startsWith("[") || !trimmed.endsWith("]")) {
    throw parsingError("orderings: expected a bracketed list such as [my.project.year desc]", "orderings");
  }
  return trimmed
    .slice(1, -1)
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [path, direction = "asc", ...rest] = part.split(/\s+/);
      if (rest.length > 0 || !/^[A-Za-z0-9_.\-]+$/.test(path) || !["asc", "desc"].includes(direction)) {
        throw parsingError(`orderings: invalid ordering '${part}'`, "orderings");
      }
      return { path, direction: direction as "asc" | "desc" };
    });
}
