import type { Page } from "@playwright/test";

/**
 * Layout checks a designer would make by eye, run in the page at its current
 * width. Each returns one line per problem, naming the element. Everything is
 * measured at the top of the page (scrollY 0), where document and viewport
 * coordinates agree, so fixed elements compare with the rest.
 *
 * - overflow: the page is wider than the viewport, or a box or a line of text
 *   (sideways: glyphs may rise above a tight line-height) sticks out of its
 *   section (the nearest section, header, footer, region, dialog or child of
 *   <main>) and is not clipped by an ancestor on the way; overlays (absolute or
 *   fixed, such as a drop-down menu) may cover other sections, but never go past
 *   the viewport's sides;
 * - targets: an interactive target smaller than 24 × 24 px (WCAG 2.5.8; links
 *   inside a sentence are exempt, as the criterion says, and so are targets
 *   hidden from everyone: off-screen or aria-hidden), or two targets that
 *   overlap;
 * - holes: a collection of tiles (alike items, each a visible box or a picture)
 *   laid out in a grid or a wrapping row with a row that leaves at least one
 *   cell empty beside its items and is not centred, or in columns of which one
 *   ends at least an item's height before another;
 * - upscaled: an image drawn larger than the file's own pixels.
 */
export type LayoutCheck = "overflow" | "targets" | "holes" | "upscaled";

export const ALL_CHECKS: LayoutCheck[] = ["overflow", "targets", "holes", "upscaled"];

export interface LayoutOptions {
  checks?: LayoutCheck[];
  /** Only elements inside this selector (for instance the consent panel). */
  within?: string;
}

/** Loads every image at once (lazy ones too) and waits for all of them to be decoded. */
export async function loadAllImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const images = Array.from(document.images);
    for (const image of images) image.loading = "eager";
    await Promise.all(
      images.map((image) =>
        image.complete && image.naturalWidth > 0 ? undefined : image.decode().catch(() => undefined),
      ),
    );
  });
}

export async function layoutProblems(page: Page, options: LayoutOptions = {}): Promise<string[]> {
  const checks = options.checks ?? ALL_CHECKS;
  await page.evaluate(() => window.scrollTo(0, 0));
  return page.evaluate(
    async ({ checks, within }) => {
      const TOLERANCE = 1;
      const MIN_TARGET = 24;
      const root = within ? document.querySelector(within) : document.body;
      if (!root) return [`nothing matches ${within}`];
      const problems: string[] = [];

      const describe = (element: Element): string => {
        const id = element.id ? `#${element.id}` : "";
        const className =
          typeof element.className === "string" && element.className
            ? `.${element.className.trim().split(/\s+/)[0]}`
            : "";
        const label = (element.getAttribute("aria-label") ?? element.textContent ?? "")
          .replace(/\s+/g, " ")
          .trim()
          .slice(0, 40);
        return `<${element.tagName.toLowerCase()}${id}${className}>${label ? ` "${label}"` : ""}`;
      };

      const isRendered = (element: Element): boolean => {
        const rect = element.getBoundingClientRect();
        if (rect.width === 0 && rect.height === 0) return false;
        for (let node: Element | null = element; node; node = node.parentElement) {
          const style = getComputedStyle(node);
          // Not opacity: a reveal fades in an element that already takes its place and can be clicked.
          if (style.visibility === "hidden") return false;
          if (style.clipPath === "inset(50%)") return false; // visually hidden, for screen readers
        }
        return true;
      };

      /** An ancestor (below `stop`) that clips what sticks out of it sideways or downwards. */
      const clippedBelow = (element: Element, stop: Element): boolean => {
        for (let node = element.parentElement; node && node !== stop; node = node.parentElement) {
          const style = getComputedStyle(node);
          if (style.overflowX !== "visible" || style.overflowY !== "visible") return true;
        }
        return false;
      };

      /** The out-of-flow (absolute or fixed) element an element belongs to, below `stop`. */
      const overlayOf = (element: Element, stop: Element | null): Element | null => {
        for (let node: Element | null = element; node && node !== stop; node = node.parentElement) {
          const position = getComputedStyle(node).position;
          if (position === "absolute" || position === "fixed") return node;
        }
        return null;
      };

      const SECTION = "section, header, footer, [role=region], dialog, main > *";
      const outside = (inner: DOMRect, outer: DOMRect, sideways = false): string | null => {
        const sides = [
          inner.left < outer.left - TOLERANCE ? `${Math.round(outer.left - inner.left)} px left` : "",
          inner.right > outer.right + TOLERANCE ? `${Math.round(inner.right - outer.right)} px right` : "",
          !sideways && inner.top < outer.top - TOLERANCE
            ? `${Math.round(outer.top - inner.top)} px above`
            : "",
          !sideways && inner.bottom > outer.bottom + TOLERANCE
            ? `${Math.round(inner.bottom - outer.bottom)} px below`
            : "",
        ].filter(Boolean);
        return sides.length ? sides.join(", ") : null;
      };

      if (checks.includes("overflow")) {
        const wider = document.documentElement.scrollWidth - window.innerWidth;
        if (!within && wider > 0) problems.push(`overflow: the page is ${wider} px wider than the viewport`);
        const viewport = new DOMRect(0, 0, window.innerWidth, window.innerHeight);
        const reported = new Set<Element>();
        for (const element of Array.from(root.querySelectorAll("*"))) {
          const section = element.parentElement?.closest(SECTION) ?? null;
          if (!isRendered(element) || element.closest('[aria-hidden="true"]')) continue;
          const overlay = overlayOf(element, section);
          // What sticks out of a section that scrolls or clips is not seen outside it.
          const container = overlay ?? section;
          if (!container || reported.has(container)) continue;
          if (!overlay && getComputedStyle(container).overflowX !== "visible") continue;
          if (clippedBelow(element, container)) continue;
          const bounds = overlay ? viewport : container.getBoundingClientRect();
          const boxOut = outside(element.getBoundingClientRect(), bounds, Boolean(overlay));
          // A line of text can stick out of a box that fits: measure the text itself.
          let textOut: string | null = null;
          for (const child of Array.from(element.childNodes)) {
            if (child.nodeType !== Node.TEXT_NODE || !child.textContent?.trim()) continue;
            const range = document.createRange();
            range.selectNodeContents(child);
            for (const line of Array.from(range.getClientRects())) textOut ??= outside(line, bounds, true);
          }
          const out = boxOut ?? textOut;
          if (out) {
            const where = overlay ? "the viewport" : describe(container);
            problems.push(`overflow: ${describe(element)} sticks out of ${where} by ${out}`);
            reported.add(container);
          }
        }
      }

      if (checks.includes("targets")) {
        const TARGET =
          'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])';
        const inSentence = (element: Element): boolean => {
          if (getComputedStyle(element).display !== "inline") return false;
          let block = element.parentElement;
          while (block && getComputedStyle(block).display === "inline") block = block.parentElement;
          const own = (element.textContent ?? "").trim().length;
          return (block?.textContent ?? "").trim().length > own;
        };
        const targets = Array.from(root.querySelectorAll(TARGET))
          .filter((element) => {
            if (!isRendered(element) || inSentence(element) || element.closest('[aria-hidden="true"]'))
              return false;
            const rect = element.getBoundingClientRect();
            return rect.right > 0 && rect.left < window.innerWidth; // off-screen: for robots only
          })
          .map((element) => ({ element, rect: element.getBoundingClientRect() }));
        for (const { element, rect } of targets) {
          if (rect.width < MIN_TARGET - 0.5 || rect.height < MIN_TARGET - 0.5)
            problems.push(
              `targets: ${describe(element)} is ${Math.round(rect.width)} × ${Math.round(rect.height)} px (under 24 × 24)`,
            );
        }
        for (let i = 0; i < targets.length; i++) {
          for (let j = i + 1; j < targets.length; j++) {
            const a = targets[i];
            const b = targets[j];
            if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
            const width = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
            const height = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
            if (width > TOLERANCE && height > TOLERANCE)
              problems.push(`targets: ${describe(a.element)} and ${describe(b.element)} overlap`);
          }
        }
      }

      if (checks.includes("holes")) {
        // By tag, not class: an item that has come into view gains a class its neighbours may not have yet.
        const signature = (element: Element) => `${element.tagName} ${element.getAttribute("role") ?? ""}`;
        /** A tile: a visible box (background, border, shadow) or mostly a picture, not a line of text. */
        const isTile = (element: Element): boolean => {
          const style = getComputedStyle(element);
          const painted =
            !/rgba\(0, 0, 0, 0\)|transparent/.test(style.backgroundColor) ||
            style.backgroundImage !== "none" ||
            parseFloat(style.borderTopWidth) > 0 ||
            style.boxShadow !== "none";
          if (painted) return true;
          const area = (rect: DOMRect) => rect.width * rect.height;
          const own = area(element.getBoundingClientRect());
          return Array.from(element.querySelectorAll("img, video, picture")).some(
            (media) => area(media.getBoundingClientRect()) >= own / 2,
          );
        };
        const bottomOf = (rects: DOMRect[]) => Math.max(...rects.map((rect) => rect.bottom));
        for (const container of Array.from(root.querySelectorAll("*"))) {
          const style = getComputedStyle(container);
          const grid = style.display === "grid" || style.display === "inline-grid";
          const wraps = style.display.includes("flex") && style.flexWrap === "wrap";
          const columns = style.columnCount !== "auto" || style.columnWidth !== "auto";
          if ((!grid && !wraps && !columns) || !isRendered(container)) continue;
          const items = Array.from(container.children).filter((child) => {
            const position = getComputedStyle(child).position;
            return position !== "absolute" && position !== "fixed" && isRendered(child);
          });
          if (items.length < (grid ? 1 : 2) || new Set(items.map(signature)).size > 1) continue;
          if (!items.every(isTile)) continue;
          const rects = items.map((item) => item.getBoundingClientRect());
          const name = `${describe(container)} (${items.length} items)`;
          if (columns) {
            const byColumn = new Map<number, DOMRect[]>();
            for (const rect of rects)
              byColumn.set(Math.round(rect.left), [...(byColumn.get(Math.round(rect.left)) ?? []), rect]);
            const bottoms = Array.from(byColumn.values(), bottomOf);
            const shortest = Math.min(...rects.map((rect) => rect.height));
            if (bottoms.length > 1 && Math.max(...bottoms) - Math.min(...bottoms) >= shortest * 0.9)
              problems.push(
                `holes: a column of ${name} ends ${Math.round(Math.max(...bottoms) - Math.min(...bottoms))} px early`,
              );
            continue;
          }
          const cell = Math.min(...rects.map((rect) => rect.width));
          // A wrapping row is a collection of cells only when its items are equally wide.
          if (!grid && Math.max(...rects.map((rect) => rect.width)) - cell > 2) continue;
          if (grid && style.gridTemplateColumns.split(" ").length < 2) continue;
          const box = container.getBoundingClientRect();
          const left = box.left + parseFloat(style.paddingLeft) + parseFloat(style.borderLeftWidth);
          const right = box.right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth);
          const rows: DOMRect[][] = [];
          for (const rect of [...rects].sort((a, b) => a.top - b.top || a.left - b.left)) {
            const row = rows.at(-1);
            if (row && rect.top < bottomOf(row) - TOLERANCE) row.push(rect);
            else rows.push([rect]);
          }
          rows.forEach((row, index) => {
            const gapLeft = Math.min(...row.map((rect) => rect.left)) - left;
            const gapRight = right - Math.max(...row.map((rect) => rect.right));
            if (gapLeft + gapRight >= cell * 0.9 && Math.abs(gapLeft - gapRight) > 8)
              problems.push(
                `holes: row ${index + 1} of ${name} has ${row.length} item(s) and an empty cell beside them`,
              );
          });
        }
      }

      if (checks.includes("upscaled")) {
        for (const image of Array.from(root.querySelectorAll("img"))) {
          if (!isRendered(image) || !image.currentSrc || /\.svg(\?|$)/.test(image.currentSrc)) continue;
          // naturalWidth is corrected by srcset's density: load the file alone for its own pixels.
          const file = new Image();
          file.src = image.currentSrc;
          try {
            await file.decode();
          } catch {
            problems.push(`upscaled: ${image.currentSrc} did not load`);
            continue;
          }
          const style = getComputedStyle(image);
          const box = {
            width: image.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
            height: image.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom),
          };
          const x = box.width / file.naturalWidth;
          const y = box.height / file.naturalHeight;
          const fit = style.objectFit;
          const scale =
            fit === "none"
              ? 1
              : fit === "contain" || fit === "scale-down"
                ? Math.min(x, y, fit === "scale-down" ? 1 : Infinity)
                : Math.max(x, y);
          if (scale * window.devicePixelRatio > 1.02)
            problems.push(
              `upscaled: ${describe(image)} ${image.currentSrc} is ${file.naturalWidth} × ${file.naturalHeight} px, drawn ${Math.round(box.width)} × ${Math.round(box.height)}`,
            );
        }
      }
      return problems;
    },
    { checks, within: options.within },
  );
}

/**
 * Why the page, loaded at another viewport and then resized to this one, is not in the state a
 * load at this viewport gives, or null when it is. Checked after the resize has run its course
 * (see `settleResize`), and the caller loads the page anew whenever it is not:
 *
 * - reveals: a revealed block (components/in-view) that a load here would have found outside the
 *   viewport, and so hidden and lowered by its `translate`; or one still hidden though a load here
 *   would have found it in view (its box measured without the translate of the reveal);
 * - images: an image showing another file of its `srcset` than one chosen at this viewport (a
 *   detached copy of the element makes that choice now).
 */
export async function differsFromFreshLoad(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    /** Within 2 px of an edge, the observer's verdict could go either way: load anew. */
    const MARGIN = 2;
    const classes = (element: Element) => Array.from(element.classList);
    const reveals = Array.from(document.querySelectorAll("*")).filter((element) =>
      classes(element).some((name) => name.endsWith("_reveal")),
    );
    for (const element of reveals) {
      // Not laid out at this width (display: none): its state changes nothing here.
      if (element.getClientRects().length === 0) continue;
      let lowered = 0;
      for (let node: Element | null = element; node; node = node.parentElement) {
        const translate = getComputedStyle(node).translate;
        if (translate !== "none") lowered += parseFloat(translate.split(" ")[1] ?? "0") || 0;
      }
      const box = element.getBoundingClientRect();
      const [top, bottom] = [box.top - lowered, box.bottom - lowered];
      const near = (value: number, edge: number) => Math.abs(value - edge) <= MARGIN;
      if ([top, bottom].some((edge) => near(edge, 0) || near(edge, window.innerHeight)))
        return `a reveal at the viewport's edge (${Math.round(top)} to ${Math.round(bottom)} px)`;
      const inView = top < window.innerHeight && bottom > 0 && box.right > 0 && box.left < window.innerWidth;
      const hidden = classes(element).some((name) => name.endsWith("_outside"));
      if (inView === hidden)
        return `a reveal ${hidden ? "hidden in view" : "shown outside the view"} (${Math.round(top)} px)`;
    }
    for (const image of Array.from(document.images)) {
      // A <picture>'s sources take part in the choice, which a lone copy cannot repeat.
      if (image.parentElement?.tagName === "PICTURE") return `${image.currentSrc} is in a <picture>`;
      if (!image.srcset) continue;
      const probe = document.createElement("img");
      probe.sizes = image.sizes;
      probe.srcset = image.srcset;
      probe.src = image.getAttribute("src") ?? "";
      // The choice is made when the image data is updated, a task after the attributes are set.
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (probe.currentSrc !== image.currentSrc)
        return `${image.currentSrc}, where a load here picks ${probe.currentSrc}`;
    }
    return null;
  });
}

/**
 * After a viewport change: lets the observers and media queries react (two frames), the images
 * chosen anew load, and the transitions that follow (reveals of blocks now in view) end.
 */
export async function settleResize(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await loadAllImages(page);
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}
