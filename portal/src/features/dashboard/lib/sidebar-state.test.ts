import { describe, expect, it } from "vitest";
import { SIDEBAR_COOKIE_MAX_AGE_SECONDS, isSidebarShortcut, readSidebarCollapsed, sidebarCookie } from "./sidebar-state";

const keys = { key: "b", ctrlKey: false, metaKey: false, altKey: false, shiftKey: false };

describe("the sidebar cookie", () => {
  it("reads collapsed only from its own cookie's value", () => {
    expect(readSidebarCollapsed("theme=dark; sidebar_state=collapsed; csrf=abc")).toBe(true);
    expect(readSidebarCollapsed("sidebar_state=expanded")).toBe(false);
    expect(readSidebarCollapsed("")).toBe(false);
    expect(readSidebarCollapsed("other_sidebar_state=collapsed")).toBe(false);
    expect(readSidebarCollapsed("sidebar_state=yes")).toBe(false);
  });

  it("is written for the whole site and kept for 7 days", () => {
    expect(SIDEBAR_COOKIE_MAX_AGE_SECONDS).toBe(604_800);
    expect(sidebarCookie(true)).toBe("sidebar_state=collapsed; Path=/; Max-Age=604800; SameSite=Lax");
    expect(sidebarCookie(false)).toMatch(/^sidebar_state=expanded; /);
  });

  it("reads back what it writes", () => {
    for (const collapsed of [true, false]) {
      const [pair = ""] = sidebarCookie(collapsed).split(";");
      expect(readSidebarCollapsed(pair)).toBe(collapsed);
    }
  });
});

describe("the sidebar shortcut", () => {
  it("is Ctrl+B or Cmd+B, in either case", () => {
    expect(isSidebarShortcut({ ...keys, ctrlKey: true })).toBe(true);
    expect(isSidebarShortcut({ ...keys, metaKey: true })).toBe(true);
    expect(isSidebarShortcut({ ...keys, key: "B", ctrlKey: true })).toBe(true);
  });

  it("ignores B alone, other letters and Alt or Shift combinations", () => {
    expect(isSidebarShortcut(keys)).toBe(false);
    expect(isSidebarShortcut({ ...keys, key: "n", ctrlKey: true })).toBe(false);
    expect(isSidebarShortcut({ ...keys, ctrlKey: true, shiftKey: true })).toBe(false);
    expect(isSidebarShortcut({ ...keys, ctrlKey: true, altKey: true })).toBe(false);
  });
});
