import { Children, type CSSProperties, type ReactNode } from "react";

import { balancedColumnVars, type ColumnLimits } from "@/components/layout/balanced-columns";

import styles from "./balanced-list.module.css";

/**
 * A list (`<ul>`) of equal cells in even rows at every width: `limits` caps the
 * cells per row below 700 px, from 700 px and from 1,100 px. Its children are
 * the `<li>` items. `className` may set the gaps (`--balanced-gap-x`, `-y`) and
 * the widest a cell may be (`--balanced-cell-max`).
 */
export function BalancedList({
  limits,
  className,
  children,
}: {
  limits: ColumnLimits;
  className?: string;
  children: ReactNode;
}) {
  const style = balancedColumnVars(Children.count(children), limits) as CSSProperties;
  return (
    <ul className={className ? `${styles.list} ${className}` : styles.list} style={style}>
      {children}
    </ul>
  );
}
