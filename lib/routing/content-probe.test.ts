import { listPageExists, workExists } from "@/lib/routing/content-probe";

/** The content API as the router's probe sees it: a total per list and filter, works by uid. */
const get = jest.fn();
jest.mock("@/lib/prismic/client", () => ({ createPublishedClient: () => ({ get }) }));

function totals(byFilter: Record<string, number>) {
  get.mockImplementation(async ({ filters }: { filters: string[] }) => {
    const key = filters.join(" ");
    const match = Object.entries(byFilter).find(([part]) => key.includes(part));
    return { total_results_size: match?.[1] ?? 0, results: [] };
  });
}

beforeEach(() => {
  get.mockReset();
  jest.useFakeTimers({ now: 0, doNotFake: ["nextTick", "setImmediate"] });
});
afterEach(() => jest.useRealTimers());

describe("the router's list probe", () => {
  test("one query per list and filter, whatever the page numbers asked, for the content TTL", async () => {
    totals({ '"documentary"': 30, '"film"': 0 });
    const view = { type: "works_page", category: "documentary" } as const;
    const answers = [];
    for (let page = 1; page <= 200; page++) answers.push(await listPageExists("fr", { ...view, page }));
    // 30 works: two pages of 24.
    expect(answers.slice(0, 3)).toEqual([true, true, false]);
    expect(answers.filter(Boolean)).toHaveLength(2);
    expect(get).toHaveBeenCalledTimes(1);

    // A category with no work: no page at all, the first included.
    expect(await listPageExists("fr", { type: "works_page", category: "film", page: 1 })).toBe(false);
    // Another language or list is another question.
    await listPageExists("en", { ...view, page: 2 });
    await listPageExists("fr", { type: "works_completed_page", category: "documentary", page: 2 });
    expect(get).toHaveBeenCalledTimes(4);

    // Past the TTL, asked again.
    jest.advanceTimersByTime(5_001);
    await listPageExists("fr", { ...view, page: 7 });
    expect(get).toHaveBeenCalledTimes(5);
  });

  test("a whole list's first page needs no question; an API failure is unknown, not a 404", async () => {
    expect(await listPageExists("fr", { type: "works_page", category: null, page: 1 })).toBe(true);
    expect(get).not.toHaveBeenCalled();
    get.mockRejectedValue(new Error("down"));
    expect(await listPageExists("fr", { type: "works_page", category: null, page: 3 })).toBeUndefined();
    expect(await workExists("hors-champ", "fr")).toBeUndefined();
  });
});
