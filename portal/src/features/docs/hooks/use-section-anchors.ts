import { useEffect, useState } from "react";

/** How far below the top of the window a section counts as being read: under the sticky bar. */
const READING_LINE_PX = 120;

/**
 * The section being read, for the sidebar's highlight; also scrolls to the section named in the
 * URL's hash once the page has rendered (the page loads lazily, after the browser's own attempt).
 */
export function useSectionAnchors(ids: readonly string[]): string {
  const [active, setActive] = useState(ids[0] ?? "");

  useEffect(() => {
    const target = decodeURIComponent(window.location.hash.slice(1));
    if (ids.includes(target)) document.getElementById(target)?.scrollIntoView();
  }, [ids]);

  useEffect(() => {
    let frame = 0;
    function update() {
      frame = 0;
      const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      const passed = ids.filter((id) => (document.getElementById(id)?.getBoundingClientRect().top ?? Infinity) <= READING_LINE_PX);
      setActive(atBottom ? (ids.at(-1) ?? "") : (passed.at(-1) ?? ids[0] ?? ""));
    }
    function onScroll() {
      if (frame === 0) frame = requestAnimationFrame(update);
    }
    update();
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("hashchange", update);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("hashchange", update);
    };
  }, [ids]);

  return active;
}
