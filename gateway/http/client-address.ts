import type { Context } from "hono";

interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string } };
}

/** The caller's IP: the first X-Forwarded-For entry behind a trusted proxy, else the socket's. */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("X-Forwarded-For")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  const bindings = c.env as NodeBindings | undefined;
  return bindings?.incoming?.socket?.remoteAddress ?? "unknown";
}
