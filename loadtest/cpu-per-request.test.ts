import { describe, expect, it } from "vitest";
import { cpuUsPerRequest, disturbance, gatewayVerdict, median, medianBy, roundRatios, totalUs } from "./cpu-per-request.js";

describe("cpuUsPerRequest", () => {
  it("turns milliseconds of CPU over a number of requests into microseconds per request, to 0.1 µs", () => {
    expect(cpuUsPerRequest(2_340, 100_000)).toBe(23.4);
    expect(cpuUsPerRequest(250, 100_000)).toBe(2.5);
    expect(cpuUsPerRequest(10, 3)).toBe(3333.3);
  });

  it("is NaN without requests, so an empty phase cannot look free", () => {
    expect(cpuUsPerRequest(100, 0)).toBeNaN();
    expect(cpuUsPerRequest(100, Number.NaN)).toBeNaN();
  });
});

describe("totalUs", () => {
  it("adds Redis's CPU to the server's", () => {
    expect(totalUs({ serverUs: 23.1, redisUs: 2.5 })).toBe(25.6);
  });
});

describe("roundRatios", () => {
  it("compares the metered path's total with the peer's total and with hello-world's server alone", () => {
    const round = { hello: { serverUs: 12, redisUs: 0.4 }, peer: { serverUs: 25, redisUs: 10 }, metered: { serverUs: 21.5, redisUs: 2.5 } };
    expect(roundRatios(round)).toEqual({ toPeer: 0.69, toHello: 2 });
  });
});

describe("median", () => {
  it("takes the middle value whatever the order, the upper one of an even count", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(3);
    expect(median([])).toBeNaN();
  });
});

describe("medianBy", () => {
  it("takes the whole element whose score is the median, so its other fields come from the same run", () => {
    const runs = [
      { total: 300, workers: 200 },
      { total: 100, workers: 90 },
      { total: 200, workers: 50 },
    ];
    expect(medianBy(runs, (run) => run.total)).toEqual({ total: 200, workers: 50 });
    expect(medianBy([], (run: { total: number }) => run.total)).toBeUndefined();
  });
});

describe("gatewayVerdict", () => {
  const round = (meteredServerUs: number) => ({ hello: { serverUs: 10, redisUs: 0 }, peer: { serverUs: 25, redisUs: 10 }, metered: { serverUs: meteredServerUs, redisUs: 2 } });

  it("meets both targets when the metered total is at most the peer's and at most twice hello-world's", () => {
    const verdict = gatewayVerdict([round(18), round(16), round(17)]);
    expect(verdict.meteredToPeer).toEqual({ median: 0.54, each: [0.57, 0.51, 0.54], met: true });
    expect(verdict.meteredToHello).toEqual({ median: 1.9, each: [2, 1.8, 1.9], met: true });
  });

  it("reports a target not met from the median round, not from the best one", () => {
    const verdict = gatewayVerdict([round(17), round(23), round(40)]);
    expect(verdict.meteredToHello).toEqual({ median: 2.5, each: [1.9, 2.5, 4.2], met: false });
    expect(verdict.meteredToPeer.met).toBe(true);
    expect(gatewayVerdict([round(40)]).meteredToPeer).toEqual({ median: 1.2, each: [1.2], met: false });
  });
});

describe("disturbance", () => {
  it("counts the machine's busy time beyond the measured processes' own as others', in percent of all cores", () => {
    expect(disturbance({ busyMs: 15_000, stealMs: 400, totalMs: 20_000 }, 12_000)).toEqual({ othersPercent: 15, stealPercent: 2 });
  });

  it("never reports a negative share when the processes' and the machine's ticks fall differently", () => {
    expect(disturbance({ busyMs: 11_990, stealMs: 0, totalMs: 20_000 }, 12_000).othersPercent).toBe(0);
  });
});
