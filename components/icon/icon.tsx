import { clientLogger } from "@/lib/client-logger";
import { nodeEnv } from "@/lib/public-env";

import { icons, type IconName, type IconViewBox } from "./icons";
import styles from "./icon.module.css";

export type { IconName, IconViewBox };

export interface IconProps {
  name: IconName;
  /** Overrides the registry's viewBox, e.g. to crop or pad the drawing. */
  viewBox?: IconViewBox;
  /** Gives the icon an accessible name; without it the icon is decorative. */
  title?: string;
  className?: string;
}

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

function isViewBox(value: string): boolean {
  const parts = value.trim().split(/\s+/);
  return parts.length === 4 && parts.every((part) => NUMBER.test(part));
}

/**
 * The template literal type only catches literals; strings built at runtime
 * are checked here. A bad viewBox is a programming error, so development and
 * tests throw; production logs it and draws with the registry's viewBox rather
 * than taking the page down for an icon.
 */
function resolveViewBox(name: IconName, viewBox: string | undefined): string {
  if (viewBox === undefined || isViewBox(viewBox)) return viewBox ?? icons[name].viewBox;
  const message = `Icon "${name}": viewBox must be four space-separated numbers, got "${viewBox}"`;
  if (nodeEnv() !== "production") throw new Error(message);
  clientLogger.error(message);
  return icons[name].viewBox;
}

/** An inline SVG icon sized by the surrounding font-size and drawn in currentColor. */
export function Icon({ name, viewBox, title, className }: IconProps) {
  const accessibility = title
    ? ({ role: "img", "aria-label": title } as const)
    : ({ "aria-hidden": true, focusable: false } as const);
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={resolveViewBox(name, viewBox)}
      width="1em"
      height="1em"
      className={className ? `${styles.icon} ${className}` : styles.icon}
      {...accessibility}
    >
      {title ? <title>{title}</title> : null}
      {icons[name].shapes.map(({ d, paint }) =>
        paint === "fill" ? (
          <path key={d} d={d} fill="currentColor" />
        ) : (
          <path
            key={d}
            d={d}
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        ),
      )}
    </svg>
  );
}
