import { request as httpRequest, createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface ForwardingProxy {
  url: string;
  /** Requests forwarded so far. */
  forwarded: () => number;
  close: () => Promise<void>;
}

/**
 * A reverse proxy in front of a gateway, as a load balancer is in production: every request is
 * forwarded, bodies streamed both ways, with `X-Forwarded-For` naming `clientAddress` (the
 * address a gateway with TRUST_PROXY=true takes as the client's) and `X-Forwarded-Proto`.
 * Listens on 127.0.0.1; `url` uses `host` (default "localhost").
 */
export async function startForwardingProxy(target: string, options: { clientAddress: string; proto?: "http" | "https"; host?: string }): Promise<ForwardingProxy> {
  const upstream = new URL(target);
  let forwarded = 0;
  const server = createServer((incoming, outgoing) => {
    forwarded += 1;
    const headers: IncomingHttpHeaders = { ...incoming.headers, "x-forwarded-for": options.clientAddress, "x-forwarded-proto": options.proto ?? "http" };
    const proxied = httpRequest({ host: upstream.hostname, port: upstream.port, method: incoming.method, path: incoming.url, headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      answer.pipe(outgoing);
    });
    proxied.on("error", () => {
      if (!outgoing.headersSent) outgoing.writeHead(502, { "Content-Type": "text/plain" });
      outgoing.end("bad gateway");
    });
    incoming.pipe(proxied);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? "localhost"}:${port}`,
    forwarded: () => forwarded,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
