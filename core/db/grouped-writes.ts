/**
 * A write many concurrent callers make one item at a time, made for many items by one statement:
 * the first item is written at once, and items that arrive while a statement runs wait and go
 * together in the next one (group commit). Nobody waits when the writer is idle; under load each
 * statement carries what arrived during the last, so the rows a statement writes grow with the
 * load instead of the statements.
 */
export interface GroupedWrites<T> {
  /** Resolves once the item is written (with others), rejects if its write failed. */
  write: (item: T) => Promise<void>;
}

interface Waiting<T> {
  item: T;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** `writeGroup` writes every item it is given in one statement, or throws. */
export function groupWrites<T>(writeGroup: (items: readonly T[]) => Promise<void>, maxGroup = 100): GroupedWrites<T> {
  const waiting: Waiting<T>[] = [];
  let writing = false;

  async function writeOrSplit(group: readonly Waiting<T>[]): Promise<void> {
    try {
      await writeGroup(group.map((entry) => entry.item));
      for (const entry of group) entry.resolve();
    } catch (error) {
      const [only] = group;
      if (group.length === 1 && only) return only.reject(error);
      // The failure may be one item's: each is written alone, so the others still are.
      await Promise.all(group.map((entry) => writeGroup([entry.item]).then(entry.resolve, entry.reject)));
    }
  }

  async function writeWaiting(): Promise<void> {
    writing = true;
    while (waiting.length > 0) await writeOrSplit(waiting.splice(0, maxGroup));
    writing = false;
  }

  return {
    write(item) {
      return new Promise<void>((resolve, reject) => {
        waiting.push({ item, resolve, reject });
        if (!writing) void writeWaiting();
      });
    },
  };
}
