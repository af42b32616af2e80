import { serve } from "@hono/node-server";
import { Hono } from "hono";

/** The baseline: a bare Hono hello-world on @hono/node-server, nothing else. */
const app = new Hono();
app.get("/", (c) => c.text("Hello, world"));
const port = Number(process.argv[2] ?? "0");
const server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port }, (info) => {
  process.stdout.write(`listening ${info.port}\n`);
});
process.once("SIGTERM", () => server.close(() => process.exit(0)));
