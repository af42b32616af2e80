import { describe, expect, it } from "vitest";
import { groupWrites } from "./grouped-writes.js";

/** A group writer whose statements finish when the test says so. */
function controlledWriter(failing: (item: number) => boolean = () => false) {
  const groups: number[][] = [];
  const finishers: Array<() => void> = [];
  const writes = groupWrites<number>(
    (items) =>
      new Promise<void>((resolve, reject) => {
        groups.push([...items]);
        finishers.push(() => (items.some(failing) ? reject(new Error(`group ${items.join(",")} failed`)) : resolve()));
      }),
    3,
  );
  const finishNext = async () => {
    finishers.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { writes, groups, finishNext };
}

describe("groupWrites", () => {
  it("writes the first item at once and those that arrive meanwhile together, at most maxGroup a statement", async () => {
    const { writes, groups, finishNext } = controlledWriter();
    const written = [1, 2, 3, 4, 5, 6].map((item) => writes.write(item));
    expect(groups).toEqual([[1]]);
    await finishNext();
    expect(groups).toEqual([[1], [2, 3, 4]]);
    await finishNext();
    expect(groups).toEqual([[1], [2, 3, 4], [5, 6]]);
    await finishNext();
    await expect(Promise.all(written)).resolves.toHaveLength(6);

    // Idle again: the next item goes at once, alone.
    const later = writes.write(7);
    expect(groups.at(-1)).toEqual([7]);
    await finishNext();
    await expect(later).resolves.toBeUndefined();
  });

  it("writes each item of a failed group alone, so only the item that fails is rejected", async () => {
    const { writes, groups, finishNext } = controlledWriter((item) => item === 3);
    const first = writes.write(1);
    const rest = [2, 3, 4].map((item) => writes.write(item).then(() => "written", (error: unknown) => String(error)));
    await finishNext();
    await finishNext();
    expect(groups).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
    for (let i = 0; i < 3; i++) await finishNext();
    await expect(first).resolves.toBeUndefined();
    expect(await Promise.all(rest)).toEqual(["written", "Error: group 3 failed", "written"]);
  });

  it("rejects a lone item whose write failed and goes on writing the next", async () => {
    const { writes, groups, finishNext } = controlledWriter((item) => item === 1);
    const failed = expect(writes.write(1)).rejects.toThrow("group 1 failed");
    await finishNext();
    await failed;
    const next = writes.write(2);
    await finishNext();
    await expect(next).resolves.toBeUndefined();
    expect(groups).toEqual([[1], [2]]);
  });
});
