import { afterEach, describe, expect, it, vi } from "vitest";
import { groupCalls, type GroupOptions } from "./grouped-calls.js";

/** Grouped calls (each item's result is its double) whose round trips finish when the test says so. */
function controlledCalls(failing: (item: number) => boolean = () => false, options: GroupOptions = { maxGroup: 3 }) {
  const groups: number[][] = [];
  const finishers: Array<() => void> = [];
  const calls = groupCalls<number, number>(
    (items) =>
      new Promise<number[]>((resolve, reject) => {
        groups.push([...items]);
        finishers.push(() => (items.some(failing) ? reject(new Error(`group ${items.join(",")} failed`)) : resolve(items.map((item) => item * 2))));
      }),
    options,
  );
  const finishNext = async () => {
    finishers.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { calls, groups, finishNext };
}

describe("groupCalls", () => {
  it("calls with the first item at once and with those that arrive meanwhile together, at most maxGroup a call, each getting its own result", async () => {
    const { calls, groups, finishNext } = controlledCalls();
    const written = [1, 2, 3, 4, 5, 6].map((item) => calls.call(item));
    expect(groups).toEqual([[1]]);
    await finishNext();
    expect(groups).toEqual([[1], [2, 3, 4]]);
    await finishNext();
    expect(groups).toEqual([[1], [2, 3, 4], [5, 6]]);
    await finishNext();
    await expect(Promise.all(written)).resolves.toEqual([2, 4, 6, 8, 10, 12]);

    // Idle again: the next item goes at once, alone.
    const later = calls.call(7);
    expect(groups.at(-1)).toEqual([7]);
    await finishNext();
    await expect(later).resolves.toBe(14);
  });

  it("calls again with each item of a failed group alone, so only the item that fails is rejected", async () => {
    const { calls, groups, finishNext } = controlledCalls((item) => item === 3);
    const first = calls.call(1);
    const rest = [2, 3, 4].map((item) => calls.call(item).then(String, (error: unknown) => String(error)));
    await finishNext();
    await finishNext();
    expect(groups).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
    for (let i = 0; i < 3; i++) await finishNext();
    await expect(first).resolves.toBe(2);
    expect(await Promise.all(rest)).toEqual(["4", "Error: group 3 failed", "8"]);
  });

  it("rejects a lone item whose call failed and goes on with the next", async () => {
    const { calls, groups, finishNext } = controlledCalls((item) => item === 1);
    const failed = expect(calls.call(1)).rejects.toThrow("group 1 failed");
    await finishNext();
    await failed;
    const next = calls.call(2);
    await finishNext();
    await expect(next).resolves.toBe(4);
    expect(groups).toEqual([[1], [2]]);
  });

  it("rejects the callers of a group call that did not return one result per item", async () => {
    const calls = groupCalls<number, number>(async (items) => items.slice(1));
    await expect(calls.call(1)).rejects.toThrow("A grouped call returned 0 results for 1 items.");
  });

  describe("with lingerMs", () => {
    afterEach(() => {
      vi.useRealTimers();
    });
    const lingering = () => {
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
      return controlledCalls(undefined, { maxGroup: 3, lingerMs: 10 });
    };

    it("calls at once with an item that follows no other, and holds one that follows within lingerMs for lingerMs, with what arrives meanwhile", async () => {
      const { calls, groups, finishNext } = lingering();
      const written = [calls.call(1)];
      expect(groups).toEqual([[1]]);
      await finishNext();

      await vi.advanceTimersByTimeAsync(9);
      written.push(calls.call(2));
      await vi.advanceTimersByTimeAsync(9);
      written.push(calls.call(3));
      expect(groups).toEqual([[1]]);
      await vi.advanceTimersByTimeAsync(1);
      expect(groups).toEqual([[1], [2, 3]]);

      // An item arriving while a call runs goes right after it, without lingering again.
      written.push(calls.call(4));
      await finishNext();
      expect(groups).toEqual([[1], [2, 3], [4]]);
      await finishNext();
      await expect(Promise.all(written)).resolves.toEqual([2, 4, 6, 8]);
    });

    it("calls at once with an item that follows the one before by lingerMs or more (at a low rate nobody would come)", async () => {
      const { calls, groups, finishNext } = lingering();
      const first = calls.call(1);
      await finishNext();
      await vi.advanceTimersByTimeAsync(10);
      const second = calls.call(2);
      expect(groups).toEqual([[1], [2]]);
      await finishNext();
      await expect(Promise.all([first, second])).resolves.toEqual([2, 4]);
    });

    it("stops lingering once maxGroup items wait", async () => {
      const { calls, groups, finishNext } = lingering();
      const written = [calls.call(1)];
      await finishNext();
      written.push(...[2, 3].map((item) => calls.call(item)));
      expect(groups).toEqual([[1]]);
      written.push(calls.call(4));
      expect(groups).toEqual([[1], [2, 3, 4]]);
      await finishNext();
      await expect(Promise.all(written)).resolves.toEqual([2, 4, 6, 8]);
      // The lingering timer was cleared: no call with nothing.
      await vi.advanceTimersByTimeAsync(10);
      expect(groups).toEqual([[1], [2, 3, 4]]);
    });
  });
});
