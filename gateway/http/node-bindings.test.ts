import { createServer, request, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { addDefaultHeaders, DefaultHeadersResponse, type DefaultHeaders } from "./node-bindings.js";

let server: Server | undefined;

afterEach(async () => {
  if (server) await new Promise((resolve) => server!.close(resolve));
  server = undefined;
});

/** Serves one answer written by `answer`, and returns what the client received. */
async function answered(answer: (response: DefaultHeadersResponse) => void): Promise<IncomingMessage & { text: string }> {
  server = createServer({ ServerResponse: DefaultHeadersResponse }, (_request, response) => answer(response as DefaultHeadersResponse));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    request({ host: "127.0.0.1", port, path: "/" }, (incoming) => {
      let text = "";
      incoming.setEncoding("utf8");
      incoming.on("data", (chunk: string) => (text += chunk));
      incoming.on("end", () => resolve(Object.assign(incoming, { text })));
    })
      .on("error", reject)
      .end();
  });
}

/** Each header name as it came on the wire, lower-cased, once per line. */
const names = (incoming: IncomingMessage) => incoming.rawHeaders.filter((_, index) => index % 2 === 0).map((name) => name.toLowerCase());

describe("DefaultHeadersResponse", () => {
  it("writes the defaults with the answer's own headers", async () => {
    const incoming = await answered((response) => {
      response.defaultHeaders = { "x-request-id": "req_1", "x-frame-options": "DENY" };
      response.writeHead(201, { "Content-Type": "application/json" }).end("{}");
    });
    expect(incoming.statusCode).toBe(201);
    expect(incoming.headers).toMatchObject({ "x-request-id": "req_1", "x-frame-options": "DENY", "content-type": "application/json" });
    expect(incoming.text).toBe("{}");
  });

  it("lets the answer's header of the same name, in any case, replace the default", async () => {
    const incoming = await answered((response) => {
      response.defaultHeaders = { "content-security-policy": "default-src 'none'", "x-content-type-options": "nosniff" };
      response.writeHead(200, { "Content-Security-Policy": "default-src 'self'" }).end();
    });
    expect(incoming.headers["content-security-policy"]).toBe("default-src 'self'");
    expect(names(incoming).filter((name) => name === "content-security-policy")).toHaveLength(1);
    expect(incoming.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("writes the record as it is when the head is written, defaults added after it was given included", async () => {
    const incoming = await answered((response) => {
      const defaults: DefaultHeaders = { "x-request-id": "req_1", "x-ratelimit-remaining": "9" };
      response.defaultHeaders = defaults;
      defaults["x-ratelimit-remaining"] = "8";
      defaults["x-ratelimit-limit"] = "10";
      response.writeHead(200).end();
    });
    expect(incoming.headers).toMatchObject({ "x-request-id": "req_1", "x-ratelimit-remaining": "8", "x-ratelimit-limit": "10" });
  });

  it("lets headers set on the response win over the defaults, and the written ones over both", async () => {
    const incoming = await answered((response) => {
      response.defaultHeaders = { "x-one": "default", "x-two": "default", "x-three": "default" };
      response.setHeader("X-One", "set");
      response.setHeader("X-Two", "set");
      response.writeHead(200, { "x-two": "written" }).end();
    });
    expect(incoming.headers).toMatchObject({ "x-one": "set", "x-two": "written", "x-three": "default" });
    expect(names(incoming).filter((name) => name.startsWith("x-"))).toHaveLength(3);
  });

  it("merges headers written as an array of name and value", async () => {
    const incoming = await answered((response) => {
      response.defaultHeaders = { "x-one": "default", "x-two": "default" };
      response.writeHead(200, ["X-Two", "written", "Content-Type", "text/plain"]).end("ok");
    });
    expect(incoming.headers).toMatchObject({ "x-one": "default", "x-two": "written", "content-type": "text/plain" });
  });

  it("writes the defaults with a reason phrase", async () => {
    const withReason = await answered((response) => {
      response.defaultHeaders = { "x-one": "default" };
      response.writeHead(418, "Short and stout", { "Content-Type": "text/plain" }).end();
    });
    expect([withReason.statusCode, withReason.statusMessage, withReason.headers["x-one"]]).toEqual([418, "Short and stout", "default"]);
  });

  it("writes the defaults when the headers are implicit", async () => {
    const implicit = await answered((response) => {
      response.defaultHeaders = { "x-one": "default" };
      response.statusCode = 202;
      response.end("streamed");
    });
    expect([implicit.statusCode, implicit.headers["x-one"], implicit.text]).toEqual([202, "default", "streamed"]);
  });

  it("writes exactly the answer's headers when there are no defaults", async () => {
    const incoming = await answered((response) => response.writeHead(200, { "X-Only": "this" }).end());
    expect(names(incoming).filter((name) => name.startsWith("x-"))).toEqual(["x-only"]);
  });

  it("honours connection: close given as a default", async () => {
    const incoming = await answered((response) => {
      response.defaultHeaders = { connection: "close" };
      response.writeHead(413).end();
    });
    expect(incoming.headers.connection).toBe("close");
  });
});

describe("addDefaultHeaders", () => {
  it("adds to a Web response's headers only the defaults it lacks, whatever their case", () => {
    const headers = new Headers({ "Content-Security-Policy": "default-src 'self'", "Content-Type": "application/json" });
    addDefaultHeaders(headers, { "content-security-policy": "default-src 'none'", "x-request-id": "req_1" });
    expect([...headers.entries()]).toEqual([
      ["content-security-policy", "default-src 'self'"],
      ["content-type", "application/json"],
      ["x-request-id", "req_1"],
    ]);
  });
});
