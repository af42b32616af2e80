/**
 * A call many concurrent callers make one item at a time (a statement per item), made for many
 * items by one round trip: the first item goes at once, and items that arrive while a round trip
 * runs wait and go together in the next one (group commit). Nobody waits when it is idle; under
 * load each round trip carries what arrived during the last, so the items a round trip carries
 * grow with the load instead of the round trips. On a small VM each statement's fixed cost (the
 * message, waking the backend, executor start, commit) is more than the rows it writes.
 *
 * With `lingerMs`, an item arriving while nothing runs, less than `lingerMs` after the item
 * before it, waits up to that long for company instead of going at once: at a steady moderate
 * rate items arrive one by one, a round trip each, and so cost most, while at a low rate nobody
 * would come and the item goes at once. Only for calls whose callers can wait that long; an item
 * waiting is lost with the process exactly as one whose round trip is in flight.
 */
export interface GroupedCalls<T, R> {
  /** Resolves with the item's own result once its group is done; rejects if its call failed. */
  call: (item: T) => Promise<R>;
}

interface Waiting<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

export interface GroupOptions {
  /** The most items one call carries (default 100). */
  maxGroup?: number;
  /** The longest an item arriving while nothing runs waits for others (default 0: not at all). */
  lingerMs?: number;
}

/** `callGroup` handles every item it is given at once and returns one result per item, in order; or throws. */
export function groupCalls<T, R>(callGroup: (items: readonly T[]) => Promise<readonly R[]>, options: GroupOptions = {}): GroupedCalls<T, R> {
  const { maxGroup = 100, lingerMs = 0 } = options;
  const waiting: Waiting<T, R>[] = [];
  let calling = false;
  let lingering: NodeJS.Timeout | undefined;
  let lastArrival = Number.NEGATIVE_INFINITY;

  async function resultsOf(items: readonly T[]): Promise<readonly R[]> {
    const results = await callGroup(items);
    if (results.length !== items.length) throw new Error(`A grouped call returned ${results.length} results for ${items.length} items.`);
    return results;
  }

  async function callOne(entry: Waiting<T, R>): Promise<void> {
    try {
      const [result] = await resultsOf([entry.item]);
      entry.resolve(result as R);
    } catch (error) {
      entry.reject(error);
    }
  }

  async function callOrSplit(group: readonly Waiting<T, R>[]): Promise<void> {
    const [only] = group;
    if (group.length === 1 && only) return callOne(only);
    try {
      const results = await resultsOf(group.map((entry) => entry.item));
      group.forEach((entry, index) => entry.resolve(results[index] as R));
    } catch {
      // The failure may be one item's: each is called alone, so the others still succeed.
      await Promise.all(group.map(callOne));
    }
  }

  async function callWaiting(): Promise<void> {
    clearTimeout(lingering);
    lingering = undefined;
    calling = true;
    while (waiting.length > 0) await callOrSplit(waiting.splice(0, maxGroup));
    calling = false;
  }

  return {
    call(item) {
      return new Promise<R>((resolve, reject) => {
        waiting.push({ item, resolve, reject });
        const now = Date.now();
        const sinceLast = now - lastArrival;
        lastArrival = now;
        // While a round trip runs, the item goes with the next one; while others linger, with them.
        if (calling || (lingering !== undefined && waiting.length < maxGroup)) return;
        if (lingering === undefined && sinceLast < lingerMs) lingering = setTimeout(() => void callWaiting(), lingerMs);
        else void callWaiting();
      });
    },
  };
}
