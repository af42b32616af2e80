/** One Server-Sent Event as received. */
export interface ReceivedEvent {
  event: string;
  data: string;
}

/**
 * Reads a text/event-stream response event by event (comments skipped). `next()` resolves with
 * the next event, or rejects after `timeoutMs`; `close()` cancels the body.
 */
export function readEvents(response: Response) {
  if (!response.body) throw new Error("the response has no body");
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  const parse = (block: string): ReceivedEvent | null => {
    let event = "message";
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith("event:")) event = line.slice(6).trim();
      else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
    }
    return data.length > 0 ? { event, data: data.join("\n") } : null;
  };
  return {
    async next(timeoutMs = 10_000): Promise<ReceivedEvent> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const end = buffer.indexOf("\n\n");
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const parsed = parse(block);
          if (parsed) return parsed;
          continue;
        }
        const remaining = deadline - Date.now();
        if (remaining <= 0) throw new Error("no event in time");
        let timer: NodeJS.Timeout | undefined;
        const chunk = await Promise.race([
          reader.read(),
          new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("no event in time")), remaining))),
        ]).finally(() => clearTimeout(timer));
        if (chunk.done) throw new Error("the stream ended");
        buffer += chunk.value;
      }
    },
    close: () => reader.cancel().catch(() => undefined),
  };
}
