"use client";

import { useEffect, useRef } from "react";

/** A ref that always holds the latest `value`: subscribe once, call the newest callback. */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}
