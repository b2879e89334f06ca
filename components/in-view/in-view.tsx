"use client";

import {
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type HTMLAttributes,
  type ReactNode,
  type RefObject,
} from "react";

import styles from "./in-view.module.css";

/** The observer's defaults: any pixel in view counts, no offset. */
export const IN_VIEW_DEFAULTS = { threshold: 0, rootMargin: "0px", once: true } as const;

export interface InViewOptions {
  /** Visible share of the element (0–1) that counts as "in view". */
  threshold?: number;
  /** Grows or shrinks the viewport used for the test, CSS margin syntax. */
  rootMargin?: string;
  /** Stop observing after the first entry, so the element stays "in view". */
  once?: boolean;
}

const subscribeToNothing = () => () => {};
const hasIntersectionObserver = () => typeof IntersectionObserver !== "undefined";
/** The server cannot know; assume support so server and client first renders match. */
const assumeIntersectionObserver = () => true;

/**
 * Whether the element is in the viewport: `undefined` until the first
 * observation (on the server and before hydration), then `true` or `false`.
 * Browsers without IntersectionObserver report `true` straight away.
 */
export function useInView(
  ref: RefObject<Element | null>,
  {
    threshold = IN_VIEW_DEFAULTS.threshold,
    rootMargin = IN_VIEW_DEFAULTS.rootMargin,
    once = IN_VIEW_DEFAULTS.once,
  }: InViewOptions = {},
): boolean | undefined {
  const [observed, setObserved] = useState<boolean | undefined>(undefined);
  const canObserve = useSyncExternalStore(
    subscribeToNothing,
    hasIntersectionObserver,
    assumeIntersectionObserver,
  );
  const isSettled = once && observed === true;

  useEffect(() => {
    const element = ref.current;
    if (!element || !canObserve || isSettled) return;
    const observer = new IntersectionObserver(
      (entries) => {
        // Several entries can be queued for one element; the last one is current.
        const isIntersecting = entries[entries.length - 1].isIntersecting;
        setObserved(isIntersecting);
        if (isIntersecting && once) observer.unobserve(element);
      },
      { threshold, rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, canObserve, isSettled, once, threshold, rootMargin]);

  return canObserve ? observed : true;
}

/** The global class set while the element is in view, for consumers' own styles. */
export const IN_VIEW_CLASS = "in-view";

type InViewElement =
  | "div"
  | "section"
  | "article"
  | "aside"
  | "header"
  | "footer"
  | "figure"
  | "ul"
  | "ol"
  | "li"
  | "p"
  | "span";

export interface InViewProps extends InViewOptions, Omit<HTMLAttributes<HTMLElement>, "children"> {
  as?: InViewElement;
  /** Fade and rise into place on entry (skipped under reduced motion). */
  reveal?: boolean;
  children?: ReactNode;
}

/** Marks its element with the `in-view` class while (or once) it has entered the viewport. */
export function InView({
  as = "div",
  className,
  threshold,
  rootMargin,
  once,
  reveal = true,
  children,
  ...rest
}: InViewProps) {
  // Every allowed tag is an HTMLElement; typing them all as div keeps the ref assignable.
  const Element = as as "div";
  const ref = useRef<HTMLDivElement>(null);
  const inView = useInView(ref, { threshold, rootMargin, once });
  const classes = [
    className,
    reveal && styles.reveal,
    reveal && inView === false && styles.outside,
    inView && IN_VIEW_CLASS,
  ];
  return (
    <Element ref={ref} className={classes.filter(Boolean).join(" ") || undefined} {...rest}>
      {children}
    </Element>
  );
}
