import { createServer, connect, type Server, type Socket } from "node:net";

/**
 * A TCP proxy in front of a real service (PostgreSQL, Redis) that a test can cut and restore:
 * `cut()` drops every connection and refuses new ones, as a restarting server does;
 * `restore()` accepts again.
 */
export interface TcpProxy {
  port: number;
  cut: () => void;
  restore: () => void;
  close: () => Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let up = true;
  const server: Server = createServer((client) => {
    if (!up) return void client.destroy();
    const upstream = connect(target);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the proxy has no port");
  return {
    port: address.port,
    cut: () => {
      up = false;
      for (const socket of sockets) socket.destroy();
    },
    restore: () => {
      up = true;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
