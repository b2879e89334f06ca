/**
 * How many items to put in each row so that rows come out even: the fewest
 * rows that hold `count` items at `max` per row, with the items spread evenly
 * over them (8 logos at 7 per row make two rows of 4, not 7 and a lone 1).
 * What an even spread cannot fill (7 at 4 per row: 4 and 3) is centred by CSS.
 */
export function balancedColumns(count: number, max: number): number {
  const limit = Math.max(1, Math.floor(max));
  if (!Number.isFinite(count) || count < 1) return limit;
  const rows = Math.ceil(count / limit);
  return Math.ceil(count / rows);
}

/** Breakpoints a balanced list switches at (min-width, in CSS px), shared with balanced-list.module.css. */
export const BALANCED_BREAKPOINTS = { md: 700, lg: 1100 } as const;

export interface ColumnLimits {
  /** Items per row below the md breakpoint, at most. */
  base: number;
  md: number;
  lg: number;
}

/** Work cards per row at most (works lists, featured works). */
export const WORK_CARD_COLUMNS: ColumnLimits = { base: 1, md: 2, lg: 3 };

/** Client logos per row at most. */
export const LOGO_COLUMNS: ColumnLimits = { base: 2, md: 4, lg: 6 };

/**
 * The screens on which the item at `index` of a balanced list of `count` items is in the first
 * row: every screen (`true`), those at least a breakpoint wide (a media query), or none (`false`).
 */
export function firstRowScreens(index: number, count: number, limits: ColumnLimits): boolean | string {
  if (index < balancedColumns(count, limits.base)) return true;
  const { md, lg } = BALANCED_BREAKPOINTS;
  if (index < balancedColumns(count, limits.md)) return `(min-width: ${md}px)`;
  if (index < balancedColumns(count, limits.lg)) return `(min-width: ${lg}px)`;
  return false;
}

/** The CSS custom properties a balanced list reads: items per row at each breakpoint. */
export function balancedColumnVars(count: number, limits: ColumnLimits): Record<string, number> {
  return {
    "--cols-base": balancedColumns(count, limits.base),
    "--cols-md": balancedColumns(count, limits.md),
    "--cols-lg": balancedColumns(count, limits.lg),
  };
}

/** The `sizes` attribute of an image that fills one cell of a balanced list of `count` items. */
export function balancedSizes(count: number, limits: ColumnLimits): string {
  const share = (max: number) => `${Math.ceil(100 / balancedColumns(count, max))}vw`;
  const { md, lg } = BALANCED_BREAKPOINTS;
  return `(min-width: ${lg}px) ${share(limits.lg)}, (min-width: ${md}px) ${share(limits.md)}, ${share(limits.base)}`;
}
