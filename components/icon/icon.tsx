import { icons, type IconName } from "./icons";
import styles from "./icon.module.css";

export type { IconName };

export interface IconProps {
  name: IconName;
  /** Gives the icon an accessible name; without it the icon is decorative. */
  title?: string;
  className?: string;
}

/** An inline SVG icon sized by the surrounding font-size and drawn in currentColor. */
export function Icon({ name, title, className }: IconProps) {
  const accessibility = title
    ? ({ role: "img", "aria-label": title } as const)
    : ({ "aria-hidden": true, focusable: false } as const);
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={icons[name].viewBox}
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
