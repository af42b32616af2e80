import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { sameToken } from "../../core/auth/secret-tokens.js";
import type { Registry } from "prom-client";

export interface MetricsServer {
  /** Where /metrics answers, e.g. http://127.0.0.1:9464/metrics. */
  url: string;
  close: () => Promise<void>;
}

/**
 * The engine's Prometheus endpoint: GET /metrics on its own port, behind a bearer token when
 * `token` is set (the gateway's METRICS_TOKEN, so one scrape configuration serves both).
 */
export async function startMetricsServer(registry: Registry, options: { host: string; port: number; token: string | undefined }): Promise<MetricsServer> {
  const server = createServer((request, response) => {
    const path = (request.url ?? "").split("?")[0];
    if (path !== "/metrics" || (request.method !== "GET" && request.method !== "HEAD")) {
      response.writeHead(404, { "Content-Type": "text/plain" }).end("Not found: the engine serves GET /metrics only\n");
      return;
    }
    if (options.token && !sameToken(request.headers.authorization ?? "", `Bearer ${options.token}`)) {
      response.writeHead(401, { "Content-Type": "text/plain", "WWW-Authenticate": "Bearer" }).end("Unauthorized\n");
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { "Content-Type": registry.contentType }).end(request.method === "HEAD" ? undefined : text),
      () => response.writeHead(500, { "Content-Type": "text/plain" }).end("The metrics could not be collected\n"),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(":") ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
