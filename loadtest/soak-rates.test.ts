import { describe, expect, it } from "vitest";
import { parseSoakRates } from "./soak-bench.js";

describe("parseSoakRates", () => {
  it("reads a rate per second for every kind, or nothing when unset", () => {
    expect(parseSoakRates("whoami=176,execute=78,stream=24,analyze=5")).toEqual({ whoami: 176, execute: 78, stream: 24, analyze: 5 });
    expect(parseSoakRates(undefined)).toBeUndefined();
    expect(parseSoakRates("")).toBeUndefined();
  });

  it("refuses a missing kind, an unknown kind and a rate that is not a positive whole number", () => {
    expect(() => parseSoakRates("whoami=176,execute=78,stream=24")).toThrow();
    expect(() => parseSoakRates("whoami=176,execute=78,stream=24,analyze=5,other=1")).toThrow();
    expect(() => parseSoakRates("whoami=fast,execute=78,stream=24,analyze=5")).toThrow();
    expect(() => parseSoakRates("whoami=0,execute=78,stream=24,analyze=5")).toThrow();
  });
});
