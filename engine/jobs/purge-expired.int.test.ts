import { describe, expect, it } from "vitest";
import { newId } from "../../core/ids.js";
import { createAccount } from "../../testing/accounts.js";
import { useTestDatabase } from "../../testing/database.js";
import { purgeExpiredRows } from "./purge-expired.js";

const database = useTestDatabase();

describe("purgeExpiredRows", () => {
  it("deletes exactly the expired idempotency keys, auth tokens and sessions, and counts them", async () => {
    const { db } = database.current;
    const { id: userId } = await createAccount(db);
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 3_600_000);
    const hash = (n: number) => Buffer.alloc(32, n);
    await db.insertInto("idempotency_keys").values([
      { user_id: userId, scope: "test", key: "old-1", request_hash: hash(1), expires_at: past },
      { user_id: userId, scope: "test", key: "old-2", request_hash: hash(2), expires_at: past },
      { user_id: userId, scope: "test", key: "new", request_hash: hash(3), expires_at: future },
    ]).execute();
    await db.insertInto("auth_tokens").values({ id: newId("tok"), user_id: userId, purpose: "reset_password", token_hash: hash(4), expires_at: past }).execute();
    await db.insertInto("sessions").values({ id: newId("ses"), user_id: userId, family_id: "f", token_hash: hash(5), expires_at: future }).execute();

    expect(await purgeExpiredRows(db)).toEqual({ idempotency_keys: 2, auth_tokens: 1, sessions: 0, usage_flush_batches: 0 });
    expect(await db.selectFrom("idempotency_keys").select("key").execute()).toEqual([{ key: "new" }]);
    expect(await db.selectFrom("sessions").select("family_id").execute()).toEqual([{ family_id: "f" }]);
  });
});
