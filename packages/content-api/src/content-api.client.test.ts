/**
 * The real @prismicio/client against content-api-serve over HTTP,
 * on the site's bundled repository.
 */
import path from "node:path";

import * as prismic from "@prismicio/client";

import { spawnContentServer, type ContentServer } from "./cli/spawn";
import { releaseRef } from "./content-store";
import { previewTokenFor } from "./ref-views";
import {
  FIXTURE_BROKEN_ROUTE as brokenRoute,
  FIXTURE_DIR,
  FIXTURE_ROUTES as routes,
  readDocuments,
} from "./test-fixtures";

const published = readDocuments(path.join(FIXTURE_DIR, "documents"));
const releaseDocs = readDocuments(path.join(FIXTURE_DIR, "releases/spring-launch/documents"));
const publishedIds = new Set(published.map((doc) => doc.id));
const projects = published.filter((doc) => doc.type === "project");
const frProject = projects.find((doc) => doc.lang === "fr-fr")!;
const enProject = projects.find((doc) => doc.lang === "en-gb")!;
const changedProject = releaseDocs.find(
  (doc) => doc.type === "project" && publishedIds.has(doc.id) && doc.lang === "fr-fr",
)!;
const draftProject = releaseDocs.find((doc) => doc.type === "project" && !publishedIds.has(doc.id))!;

/** What these tests read of the fixture's documents (the site's generated types stay in the site). */
type FixtureDocument = prismic.PrismicDocument<{
  title: prismic.KeyTextField;
  status: prismic.SelectField;
  year: prismic.NumberField;
  slices: prismic.SliceZone;
  navigation: prismic.GroupField<{ link: prismic.LinkField }>;
}>;

/** The secret release refs derive from, and the access token of a private copy of the repository. */
const PREVIEW_SECRET = "client-test-preview-secret-0123456789abcdef";
const ACCESS_TOKEN = "client-test-access-token";

let server: ContentServer;
let privateServer: ContentServer;
let client: prismic.Client<FixtureDocument>;

beforeAll(async () => {
  [server, privateServer] = await Promise.all([
    spawnContentServer({ dir: FIXTURE_DIR, previewSecret: PREVIEW_SECRET }),
    spawnContentServer({ dir: FIXTURE_DIR, previewSecret: PREVIEW_SECRET, accessToken: ACCESS_TOKEN }),
  ]);
  client = prismic.createClient<FixtureDocument>("vif-argent", {
    documentAPIEndpoint: server.endpoint,
    routes,
    brokenRoute,
  });
});

afterAll(async () => {
  await Promise.all([server?.stop(), privateServer?.stop()]);
});

describe("repository description", () => {
  test("getRepository lists the master ref, languages, types, tags and the search form", async () => {
    const repository = await client.getRepository();
    expect(repository.refs.filter((ref) => ref.isMasterRef)).toHaveLength(1);
    // Releases only to a request with the access token (a repository without one lists none).
    expect(repository.refs).toHaveLength(1);
    const withToken = prismic.createClient("vif-argent", {
      documentAPIEndpoint: privateServer.endpoint,
      accessToken: ACCESS_TOKEN,
    });
    expect((await withToken.getRepository()).refs).toContainEqual(
      expect.objectContaining({ label: "Spring launch", isMasterRef: false }),
    );
    expect(repository.languages.map((language) => language.id)).toEqual(["fr-fr", "en-gb"]);
    expect(Object.keys(repository.types)).toEqual(
      expect.arrayContaining(["project", "home_page", "settings"]),
    );
    expect(repository.tags.length).toBeGreaterThan(0);
    expect(repository.forms.everything.action).toBe(`${server.origin}/api/v2/documents/search`);
    expect(Object.keys(repository.forms.everything.fields)).toEqual(
      expect.arrayContaining([
        "ref",
        "q",
        "lang",
        "page",
        "pageSize",
        "after",
        "orderings",
        "fetchLinks",
        "graphQuery",
      ]),
    );
    expect(repository.experiments).toEqual({ drafts: [], running: [] });
  });
});

describe("document lookups", () => {
  test("getSingle returns the French home page by default and the English one on request", async () => {
    const fr = await client.getSingle("home_page");
    const en = await client.getSingle("home_page", { lang: "en-gb" });
    expect(fr.lang).toBe("fr-fr");
    expect(fr.url).toBe("/");
    expect(en.lang).toBe("en-gb");
    expect(en.url).toBe("/en");
    expect(en.alternate_languages).toContainEqual(expect.objectContaining({ id: fr.id, lang: "fr-fr" }));
    expect(fr.data.slices.length).toBeGreaterThan(0);
  });

  test("getByUID finds a project in its language with its route-resolved url", async () => {
    const doc = await client.getByUID("project", enProject.uid!, { lang: "en-gb" });
    expect(doc.id).toBe(enProject.id);
    expect(doc.data.title).toBe(enProject.data.title);
    expect(doc.url).toBe(`/en/works/${enProject.uid}`);
  });

  test("getByID and getByIDs return exactly the documents asked for", async () => {
    const one = await client.getByID(frProject.id);
    expect(one.uid).toBe(frProject.uid);
    expect(one.url).toBe(`/works/${frProject.uid}`);
    const ids = projects
      .filter((doc) => doc.lang === "fr-fr")
      .slice(0, 3)
      .map((doc) => doc.id);
    const many = await client.getByIDs(ids);
    expect(many.results.map((doc) => doc.id).sort()).toEqual([...ids].sort());
  });

  test("getByTag returns only documents carrying the tag", async () => {
    const tag = frProject.tags[0];
    const result = await client.getByTag(tag, { pageSize: 100 });
    const expected = published.filter((doc) => doc.lang === "fr-fr" && doc.tags.includes(tag));
    expect(result.results.map((doc) => doc.id).sort()).toEqual(expected.map((doc) => doc.id).sort());
  });

  test("lang '*' returns every language", async () => {
    const all = await client.getAllByType("project", { lang: "*" });
    expect(all).toHaveLength(projects.length);
    expect(new Set(all.map((doc) => doc.lang))).toEqual(new Set(["fr-fr", "en-gb"]));
  });
});

describe("queries", () => {
  test("filters and orderings: works in production, newest year first", async () => {
    const result = await client.getAllByType("project", {
      filters: [prismic.filter.at("my.project.status", "in production")],
      orderings: [{ field: "my.project.year", direction: "desc" }, { field: "my.project.title" }],
    });
    const expected = projects.filter((doc) => doc.lang === "fr-fr" && doc.data.status === "in production");
    expect(result).toHaveLength(expected.length);
    expect(result.every((doc) => doc.data.status === "in production")).toBe(true);
    const years = result.map((doc) => doc.data.year as number);
    expect(years).toEqual([...years].sort((a, b) => b - a));
  });

  test("number, date, fulltext, any, in, not, has and missing filters", async () => {
    const fr = projects.filter((doc) => doc.lang === "fr-fr");
    const get = (filters: string[]) =>
      client.getAllByType("project", { filters }).then((docs) => docs.map((doc) => doc.id).sort());
    const ids = (docs: typeof fr) => docs.map((doc) => doc.id).sort();

    expect(await get([prismic.filter.numberGreaterThan("my.project.year", 2022)])).toEqual(
      ids(fr.filter((doc) => (doc.data.year as number) > 2022)),
    );
    expect(await get([prismic.filter.numberInRange("my.project.year", 2020, 2022)])).toEqual(
      ids(fr.filter((doc) => (doc.data.year as number) >= 2020 && (doc.data.year as number) <= 2022)),
    );
    expect(await get([prismic.filter.numberLessThan("my.project.year", 2021)])).toEqual(
      ids(fr.filter((doc) => (doc.data.year as number) < 2021)),
    );
    const cutoff = "2025-01-01";
    expect(await get([prismic.filter.dateAfter("document.first_publication_date", cutoff)])).toEqual(
      ids(fr.filter((doc) => doc.first_publication_date! > cutoff)),
    );
    expect(await get([prismic.filter.dateBefore("document.first_publication_date", cutoff)])).toEqual(
      ids(fr.filter((doc) => doc.first_publication_date! < cutoff)),
    );
    const word = String(frProject.data.client).split(" ")[0];
    const fulltext = await get([prismic.filter.fulltext("document", word)]);
    expect(fulltext).toContain(frProject.id);
    const uids = fr.slice(0, 2).map((doc) => doc.uid!);
    expect(await get([prismic.filter.in("my.project.uid", uids)])).toEqual(ids(fr.slice(0, 2)));
    expect(await get([prismic.filter.any("document.id", [fr[0].id, fr[1].id])])).toEqual(ids(fr.slice(0, 2)));
    expect(await get([prismic.filter.not("my.project.status", "completed")])).toEqual(
      ids(fr.filter((doc) => doc.data.status !== "completed")),
    );
    const withTeaser = fr.filter((doc) => Object.keys(doc.data.teaser as object).length > 0);
    expect(await get([prismic.filter.has("my.project.teaser")])).toEqual(ids(withTeaser));
    expect(await get([prismic.filter.missing("my.project.teaser")])).toEqual(
      ids(fr.filter((doc) => !withTeaser.includes(doc))),
    );
  });

  test("page, pageSize and after page through the results without overlap", async () => {
    const first = await client.getByType("project", {
      pageSize: 5,
      page: 1,
      orderings: [{ field: "my.project.year" }],
    });
    const second = await client.getByType("project", {
      pageSize: 5,
      page: 2,
      orderings: [{ field: "my.project.year" }],
    });
    expect(first.results_size).toBe(5);
    expect(first.total_pages).toBe(Math.ceil(first.total_results_size / 5));
    expect(first.next_page).toContain("page=2");
    expect(second.prev_page).toContain("page=1");
    const seen = new Set([...first.results, ...second.results].map((doc) => doc.id));
    expect(seen.size).toBe(first.results_size + second.results_size);
    const after = await client.getByType("project", {
      pageSize: 5,
      after: first.results[4].id,
      orderings: [{ field: "my.project.year" }],
    });
    expect(after.results.map((doc) => doc.id)).toEqual(second.results.map((doc) => doc.id));
  });

  test("fetchLinks adds the linked project's fields to the home page's featured works", async () => {
    const home = await client.getSingle("home_page", { fetchLinks: ["project.title", "project.cover"] });
    const slice = home.data.slices.find((s) => s.slice_type === "featured_works");
    expect(slice).toBeDefined();
    const links = (slice!.primary as { works: Array<{ work: prismic.FilledContentRelationshipField }> })
      .works;
    expect(links.length).toBeGreaterThan(0);
    for (const { work } of links) {
      const target = published.find((doc) => doc.id === work.id)!;
      expect(work.url).toBe(`/works/${target.uid}`);
      expect((work.data as { title: string }).title).toBe(target.data.title);
      expect(work.data).toHaveProperty("cover");
      expect(work.data).not.toHaveProperty("summary");
    }
  });

  test("graphQuery selects fields and linked fields", async () => {
    const home = await client.getSingle("home_page", {
      graphQuery: `{ home_page { slices { ...on featured_works { variation { ...on default { primary { works { work { ...on project { title } } } } } } } } } }`,
    });
    expect(home.data).not.toHaveProperty("meta_title");
    expect(home.data.slices.every((s) => s.slice_type === "featured_works")).toBe(true);
    const [featured] = home.data.slices as unknown as Array<{
      primary: { works: Array<{ work: { data: object } }> };
    }>;
    const { work } = featured.primary.works[0];
    expect(Object.keys(work.data)).toEqual(["title"]);
  });

  test("every document's url and every link's url come from the routes", async () => {
    const all = await client.dangerouslyGetAll({ lang: "*" });
    for (const doc of all) {
      // The documents without a page: settings, translations, the editors' redirects.
      if (["settings", "translations", "redirects"].includes(doc.type)) expect(doc.url).toBeNull();
      else expect(doc.url).toMatch(doc.lang === "en-gb" ? /^\/en(\/|$)/ : /^\/(?!en\b)/);
    }
    const settings = await client.getSingle("settings", { lang: "en-gb" });
    const navigation = settings.data.navigation.map(
      (item) => (item.link as prismic.FilledContentRelationshipField).url,
    );
    expect(navigation).toEqual(expect.arrayContaining(["/en/works", "/en/contact"]));
    // A type with a path per language: each document at its own language's path.
    const statements = all.filter((doc) => doc.type === "accessibility_page");
    expect(statements.map((doc) => [doc.lang, doc.url]).sort()).toEqual([
      ["en-gb", "/en/accessibility"],
      ["fr-fr", "/accessibilite"],
    ]);
  });
});

describe("releases and previews", () => {
  test("a release ref shows the release's changed and added documents", async () => {
    const releaseClient = prismic.createClient<FixtureDocument>("vif-argent", {
      documentAPIEndpoint: privateServer.endpoint,
      accessToken: ACCESS_TOKEN,
      routes,
    });
    releaseClient.queryContentFromReleaseByLabel("Spring launch");
    const changed = await releaseClient.getByID(changedProject.id);
    expect(changed.data.title).toBe(changedProject.data.title);
    const added = await releaseClient.getByUID("project", draftProject.uid!, { lang: draftProject.lang });
    expect(added.id).toBe(draftProject.id);

    const master = await client.getByID(changedProject.id);
    expect(master.data.title).not.toBe(changedProject.data.title);
    await expect(
      client.getByUID("project", draftProject.uid!, { lang: draftProject.lang }),
    ).rejects.toBeInstanceOf(prismic.NotFoundError);
  });

  test("a preview token of Prismic's form works as a ref and resolves the preview URL", async () => {
    // The link an editor gets from npm run preview:link: the ref derived from the secret.
    const token = previewTokenFor("vif-argent", releaseRef(PREVIEW_SECRET, "spring-launch"));
    const doc = await client.getByID(draftProject.id, { ref: token, lang: "*" });
    expect(doc.uid).toBe(draftProject.uid);
    const url = await client.resolvePreviewURL({
      documentID: draftProject.id,
      previewToken: token,
      defaultURL: "/",
    });
    expect(url).toBe(
      draftProject.lang === "en-gb" ? `/en/works/${draftProject.uid}` : `/works/${draftProject.uid}`,
    );
  });
});

describe("errors arrive as the client's error classes", () => {
  test("an unknown ref is a 404 naming the master ref, which the client retries with", async () => {
    const { ref: masterRef } = await client.getMasterRef();
    const raw = await fetch(`${server.origin}/api/v2/documents/search?ref=unknown-ref`);
    expect(raw.status).toBe(404);
    expect(await raw.json()).toEqual({
      type: "api_notfound_error",
      message: expect.stringMatching(new RegExp(`Master ref is: ${masterRef}$`)),
    });

    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const doc = await client.getByID(frProject.id, { ref: "unknown-ref" });
      expect(doc.id).toBe(frProject.id);
      // The client only logs this after catching a RefNotFoundError.
      expect(warn).toHaveBeenCalledWith(expect.stringContaining("(unknown-ref) was invalid"));
    } finally {
      warn.mockRestore();
    }
  });

  test("an expired preview token is a PreviewTokenExpiredError", async () => {
    const token = "https://vif-argent.prismic.io/previews/gone?websitePreviewId=gone";
    await expect(client.getByID(frProject.id, { ref: token })).rejects.toBeInstanceOf(
      prismic.PreviewTokenExpiredError,
    );
  });

  test("a preview token names a release, never the master ref (computable from the content files)", async () => {
    const { ref: masterRef } = await client.getMasterRef();
    for (const token of [
      `https://vif-argent.prismic.io/previews/${masterRef}?websitePreviewId=${masterRef}`,
      `https://vif-argent.prismic.io/previews/${masterRef}`,
    ]) {
      const raw = await fetch(`${server.origin}/api/v2/documents/search?ref=${encodeURIComponent(token)}`);
      expect({ token, ok: raw.ok }).toEqual({ token, ok: false });
      await expect(client.getByID(frProject.id, { ref: token })).rejects.toBeInstanceOf(prismic.PrismicError);
    }
    // The master ref itself still reads the published content.
    expect((await client.getByID(frProject.id, { ref: masterRef })).id).toBe(frProject.id);
  });

  test("a malformed predicate is a ParsingError", async () => {
    await expect(client.get({ filters: ['[at(document.type, "project"]'] })).rejects.toBeInstanceOf(
      prismic.ParsingError,
    );
    await expect(client.get({ filters: ['[nope(document.type, "project")]'] })).rejects.toThrow(
      /unknown predicate 'nope'/,
    );
  });

  test("an unknown query parameter is a ParsingError naming it", async () => {
    const error = await client.get({ unknownThing: "1" } as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(prismic.ParsingError);
    expect((error as Error).message).toMatch(/Unknown field 'unknownThing'/);
  });

  test("a UID lookup with lang '*' is a ParsingError", async () => {
    await expect(client.getByUID("project", frProject.uid!, { lang: "*" })).rejects.toBeInstanceOf(
      prismic.ParsingError,
    );
  });

  test("a pageSize over 100 is a ParsingError", async () => {
    await expect(client.get({ pageSize: 101 })).rejects.toBeInstanceOf(prismic.ParsingError);
  });

  test("an unknown UID is a NotFoundError", async () => {
    await expect(client.getByUID("project", "no-such-work")).rejects.toBeInstanceOf(prismic.NotFoundError);
  });
});

describe("a repository with an access token", () => {
  let privateServer: ContentServer;
  beforeAll(async () => {
    privateServer = await spawnContentServer({ dir: FIXTURE_DIR, accessToken: "s3cret-token" });
  });
  afterAll(async () => {
    await privateServer?.stop();
  });

  test("a missing or wrong token is a ForbiddenError; the right one works", async () => {
    const anonymous = prismic.createClient("vif-argent", { documentAPIEndpoint: privateServer.endpoint });
    await expect(anonymous.getRepository()).rejects.toBeInstanceOf(prismic.ForbiddenError);
    const wrong = prismic.createClient("vif-argent", {
      documentAPIEndpoint: privateServer.endpoint,
      accessToken: "wrong",
    });
    await expect(wrong.getRepository()).rejects.toBeInstanceOf(prismic.ForbiddenError);
    const right = prismic.createClient("vif-argent", {
      documentAPIEndpoint: privateServer.endpoint,
      accessToken: "s3cret-token",
    });
    expect((await right.getSingle("settings")).type).toBe("settings");
    const search = await fetch(`${privateServer.origin}/api/v2/documents/search?ref=x&access_token=wrong`);
    expect(search.status).toBe(401);
  });
});
