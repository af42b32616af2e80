import { connect, type Socket } from "node:net";

/**
 * The benchmark's HTTP/1.1 load generator: keep-alive connections on raw sockets, one request
 * in flight per connection, responses framed by Content-Length or chunked encoding. Far cheaper per request than a
 * fetch-based client, so on a small machine it leaves the CPU to the server being measured.
 *
 * - Closed loop (no `rate`): every connection sends its next request as soon as the previous
 *   answer is in, for `seconds` or until `amount` requests were sent: the server's saturation.
 * - Open loop (`rate`): requests fall due evenly, 1/rate s apart, whatever the answers do; each
 *   is timed from when it was due, so a slow answer cannot hide the requests queued behind it.
 */
export interface LoadOptions {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  /** The request body; a function makes each request's (numbered from 0), e.g. for unique ids. */
  body?: string | ((sequence: number) => string);
  connections: number;
  seconds: number;
  /** Requests per second, evenly spaced (open loop); saturation when absent. */
  rate?: number;
  /** Stop after this many requests (closed loop). */
  amount?: number;
}

export interface LoadFigures {
  requests: number;
  rps: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
  non2xx: number;
  /** How many answers of each non-2xx status. */
  failedStatuses: Record<string, number>;
  errors: number;
}

const HEADER_END = Buffer.from("\r\n\r\n");
const CRLF = Buffer.from("\r\n");
const CONTENT_LENGTH = /\r\ncontent-length:\s*(\d+)/i;
const CHUNKED = /\r\ntransfer-encoding:\s*chunked/i;
/** Answers still out this long after the end count as errors. */
const DRAIN_MS = 5_000;

function requestBytes(options: LoadOptions, body: string): Buffer {
  const url = new URL(options.url);
  const lines = [`${options.method ?? "GET"} ${url.pathname}${url.search} HTTP/1.1`, `Host: ${url.host}`];
  for (const [name, value] of Object.entries(options.headers ?? {})) lines.push(`${name}: ${value}`);
  if (body !== "" || options.method === "POST") lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return Buffer.from(`${lines.join("\r\n")}\r\n\r\n${body}`);
}

/** Where a chunked body that starts at `from` ends, or -1 while it is incomplete. */
function chunkedBodyEnd(buffer: Buffer, from: number): number {
  let at = from;
  for (;;) {
    const lineEnd = buffer.indexOf(CRLF, at);
    if (lineEnd < 0) return -1;
    const size = Number.parseInt(buffer.subarray(at, lineEnd).toString("latin1"), 16);
    const next = lineEnd + CRLF.length + size + CRLF.length;
    if (next > buffer.length) return -1;
    if (size === 0) return next;
    at = next;
  }
}

export function percentile(sorted: ArrayLike<number>, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? Number.NaN;
}

export async function runLoad(options: LoadOptions): Promise<LoadFigures> {
  const url = new URL(options.url);
  const makeBody = options.body;
  const fixed = typeof makeBody === "function" ? null : requestBytes(options, makeBody ?? "");
  const bytesOf = (sequence: number) => fixed ?? requestBytes(options, typeof makeBody === "function" ? makeBody(sequence) : "");
  const latencies: number[] = [];
  let [sent, non2xx, errors] = [0, 0, 0];
  const failedStatuses: Record<string, number> = {};
  const start = performance.now();
  let lastAnswer = start;
  const end = start + options.seconds * 1_000;
  const amount = options.amount ?? Number.POSITIVE_INFINITY;
  /** Due times of open-loop requests no connection was free for. */
  const backlog: number[] = [];
  const idle: Connection[] = [];

  class Connection {
    socket!: Socket;
    buffer: Buffer = Buffer.alloc(0);
    due: number | null = null;
    closed = false;

    open(): void {
      this.buffer = Buffer.alloc(0);
      this.socket = connect({ host: url.hostname, port: Number(url.port), noDelay: true });
      this.socket.on("data", (chunk: Buffer) => this.receive(chunk));
      this.socket.on("error", () => undefined);
      this.socket.on("close", () => {
        if (this.closed) return;
        if (this.due !== null) errors++;
        this.due = null;
        this.open();
        this.next();
      });
    }

    send(due: number): void {
      this.due = due;
      this.socket.write(bytesOf(sent));
      sent++;
    }

    receive(chunk: Buffer): void {
      this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
      for (;;) {
        const headerEnd = this.buffer.indexOf(HEADER_END);
        if (headerEnd < 0) return;
        const head = this.buffer.subarray(0, headerEnd).toString("latin1");
        const bodyStart = headerEnd + HEADER_END.length;
        const total = CHUNKED.test(head) ? chunkedBodyEnd(this.buffer, bodyStart) : bodyStart + Number(CONTENT_LENGTH.exec(head)?.[1] ?? 0);
        if (total < 0 || this.buffer.length < total) return;
        this.buffer = this.buffer.subarray(total);
        // Nothing was asked: a server's own answer on an idle connection (Node's 408 to a
        // connection that sent no request within headersTimeout), not an answer to count.
        if (this.due === null) continue;
        const status = Number(head.slice(9, 12));
        if (status < 200 || status >= 300) {
          non2xx++;
          failedStatuses[status] = (failedStatuses[status] ?? 0) + 1;
        }
        lastAnswer = performance.now();
        if (this.due !== null) latencies.push(lastAnswer - this.due);
        this.due = null;
        this.next();
      }
    }

    next(): void {
      if (this.closed || this.due !== null) return;
      const now = performance.now();
      if (options.rate === undefined) {
        if (now < end && sent < amount) this.send(now);
        return;
      }
      const due = backlog.shift();
      if (due === undefined) idle.push(this);
      else this.send(due);
    }
  }

  const connections = Array.from({ length: options.connections }, () => new Connection());
  for (const connection of connections) connection.open();
  await Promise.all(connections.map((c) => new Promise((resolve) => c.socket.once("connect", resolve))));

  if (options.rate === undefined) {
    for (const connection of connections) connection.next();
  } else {
    idle.push(...connections);
    const interval = 1_000 / options.rate;
    const total = Math.floor(options.rate * options.seconds);
    let issued = 0;
    await new Promise<void>((resolve) => {
      const tick = () => {
        const now = performance.now();
        for (; issued < total && start + issued * interval <= now; issued++) {
          const due = start + issued * interval;
          const free = idle.pop();
          if (free) free.send(due);
          else backlog.push(due);
        }
        if (issued < total) setTimeout(tick, 1);
        else resolve();
      };
      tick();
    });
  }

  const finishBy = Math.max(end, performance.now()) + DRAIN_MS;
  while ((connections.some((c) => c.due !== null) || backlog.length > 0) && performance.now() < finishBy) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  errors += connections.filter((c) => c.due !== null).length + backlog.length;
  for (const connection of connections) {
    connection.closed = true;
    connection.socket.destroy();
  }

  const sorted = Float64Array.from(latencies).sort();
  const round = (ms: number) => Number(ms.toFixed(2));
  return {
    requests: latencies.length,
    rps: Math.round((latencies.length * 1_000) / Math.max(1, lastAnswer - start)),
    p50: round(percentile(sorted, 0.5)),
    p99: round(percentile(sorted, 0.99)),
    non2xx,
    failedStatuses,
    errors,
  };
}
