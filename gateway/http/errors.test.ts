import { describe, expect, it } from "vitest";
import { isStoreUnavailable } from "./errors.js";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("isStoreUnavailable", () => {
  it("recognises PostgreSQL and Redis being away (worth a retry: 503)", () => {
    const away = [
      withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"),
      withCode("terminating connection due to administrator command", "57P01"),
      new Error("Connection terminated unexpectedly"),
      new Error("timeout exceeded when trying to connect"),
      new AggregateError([withCode("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")], "all attempts failed"),
      // ioredis, with the offline queue off, after its retries, or past its command timeout.
      new Error("Stream isn't writeable and enableOfflineQueue options is false"),
      new Error("Connection is closed."),
      new Error("Reached the max retries per request limit (which is 1). Refer to \"maxRetriesPerRequest\" option for details."),
      new Error("Command timed out"),
    ];
    expect(away.filter((error) => !isStoreUnavailable(error))).toEqual([]);
  });

  it("leaves every other failure a 500", () => {
    expect(isStoreUnavailable(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isStoreUnavailable(withCode('duplicate key value violates unique constraint "users_email_key"', "23505"))).toBe(false);
    expect(isStoreUnavailable("ECONNREFUSED")).toBe(false);
  });
});
