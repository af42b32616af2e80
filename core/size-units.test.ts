import { describe, expect, it } from "vitest";
import { formatSize } from "./size-units";

describe("formatSize", () => {
  it("writes the unit right after the number, in the largest decimal unit that fits", () => {
    expect(formatSize(50_000_000)).toBe("50MB");
    expect(formatSize(250_000_000)).toBe("250MB");
    expect(formatSize(1_000_000_000)).toBe("1GB");
    expect(formatSize(10_000_000_000)).toBe("10GB");
    expect(formatSize(2_500_000_000_000)).toBe("2.5TB");
    expect(formatSize(1_500)).toBe("1.5KB");
  });

  it("keeps two decimals at most and groups thousands", () => {
    expect(formatSize(1_234_567)).toBe("1.23MB");
    expect(formatSize(1_500_000_000_000_000)).toBe("1,500TB");
  });

  it("counts bytes below a kilobyte", () => {
    expect(formatSize(0)).toBe("0 bytes");
    expect(formatSize(999)).toBe("999 bytes");
  });
});
