import { parsingError } from "./errors";
import { isJsonObject, type RouteResolver, type StoredDocument } from "./types";

/** Prismic's route resolvers: a document's `url` from the `routes` query parameter. */

export function parseRoutes(source: string): RouteResolver[] {
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch {
    throw parsingError("routes: not valid JSON", "routes");
  }
  if (!Array.isArray(value)) throw parsingError("routes: expected a JSON array of routes", "routes");
  return value.map((route, index) => {
    if (!isJsonObject(route) || typeof route.type !== "string" || typeof route.path !== "string") {
      throw parsingError(`routes[${index}]: "type" and "path" must be strings`, "routes");
    }
    if (!route.path.startsWith("/"))
      throw parsingError(`routes[${index}]: "path" must start with "/"`, "routes");
    for (const key of ["lang", "uid"] as const) {
      if (route[key] !== undefined && typeof route[key] !== "string") {
        throw parsingError(`routes[${index}]: "${key}" must be a string`, "routes");
      }
    }
    if (route.resolvers !== undefined && !isJsonObject(route.resolvers)) {
      throw parsingError(`routes[${index}]: "resolvers" must be an object`, "routes");
    }
    return route as unknown as RouteResolver;
  });
}

/** The most specific route for a document: a route naming its lang or uid beats a generic one. */
function pickRoute(doc: StoredDocument, routes: RouteResolver[]): RouteResolver | undefined {
  let best: RouteResolver | undefined;
  let bestScore = -1;
  for (const route of routes) {
    if (route.type !== doc.type) continue;
    if (route.lang !== undefined && route.lang !== doc.lang) continue;
    if (route.uid !== undefined && route.uid !== doc.uid) continue;
    const score = (route.lang ? 1 : 0) + (route.uid ? 2 : 0);
    if (score > bestScore) {
      best = route;
      bestScore = score;
    }
  }
  return best;
}

function linkedUid(doc: StoredDocument, field: string, lookup: (id: string) => StoredDocument | undefined) {
  const link = doc.data[field];
  if (!isJsonObject(link) || typeof link.id !== "string") return undefined;
  return lookup(link.id)?.uid ?? undefined;
}

/**
 * Builds the path for a document, or null when no route matches or a required
 * segment (`:uid`, `:lang`, `:<resolver>`) has no value; `?` segments are optional.
 */
export function resolveUrl(
  doc: StoredDocument,
  routes: RouteResolver[],
  masterLang: string,
  lookup: (id: string) => StoredDocument | undefined,
): string | null {
  const route = pickRoute(doc, routes);
  if (!route) return null;
  const segments: string[] = [];
  for (const segment of route.path.split("/").filter(Boolean)) {
    const match = /^:([A-Za-z0-9_]+)(\?)?$/.exec(segment);
    if (!match) {
      segments.push(segment);
      continue;
    }
    const [, name, optional] = match;
    let value: string | null | undefined;
    if (name === "uid") value = doc.uid;
    else if (name === "lang") value = optional && doc.lang === masterLang ? undefined : doc.lang;
    else if (route.resolvers?.[name]) value = linkedUid(doc, route.resolvers[name], lookup);
    if (value) segments.push(encodeURIComponent(value));
    else if (!optional) return null;
  }
  return `/${segments.join("/")}`;
}
