/**
 * The page numbers a pager shows: the first, the last, and the current page with
 * `radius` neighbours; a gap (null) stands for each run of hidden pages, so 400
 * pages never mean 400 links.
 */
export function pageWindow(page: number, totalPages: number, radius = 2): Array<number | null> {
  const shown = new Set([1, totalPages]);
  for (let n = page - radius; n <= page + radius; n++) if (n >= 1 && n <= totalPages) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  const window: Array<number | null> = [];
  sorted.forEach((n, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && n - previous === 2) window.push(previous + 1);
    else if (previous !== undefined && n - previous > 2) window.push(null);
    window.push(n);
  });
  return window;
}
