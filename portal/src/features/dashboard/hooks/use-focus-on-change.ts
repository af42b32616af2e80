import { useEffect, useRef } from "react";

/** Moves focus to the returned element when `key` changes (not on the first render): the new section's heading. */
export function useFocusOnChange<T extends HTMLElement>(key: string) {
  const ref = useRef<T>(null);
  const previous = useRef(key);
  useEffect(() => {
    if (previous.current === key) return;
    previous.current = key;
    ref.current?.focus();
  }, [key]);
  return ref;
}
