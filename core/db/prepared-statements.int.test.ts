import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../testing/database.js";
import { createDb, type Database } from "./client.js";
import { RUNS_BEFORE_PREPARED } from "./prepared-statements.js";

const database = useTestDatabase();
// One connection, so the statements prepared are all visible to the test's own queries.
let db: Database;
beforeAll(() => {
  db = createDb({ url: database.current.url, poolSize: 1 });
});
afterAll(async () => {
  await db.destroy();
});

const preparedStatements = async () => (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db)).rows.map((row) => row.statement);

describe("prepared statements through createDb", () => {
  it("prepares a statement that keeps coming back and answers the same through it", async () => {
    const lookup = (id: number) => db.selectNoFrom(sql<number>`${id}::int * 2`.as("doubled")).executeTakeFirstOrThrow();
    const answers = [];
    for (let id = 1; id <= RUNS_BEFORE_PREPARED + 5; id += 1) answers.push((await lookup(id)).doubled);
    expect(answers).toEqual(Array.from({ length: RUNS_BEFORE_PREPARED + 5 }, (_, index) => (index + 1) * 2));
    expect(await preparedStatements()).toContain('select $1::int * 2 as "doubled"');
  });

  it("answers with the new columns after a migration changed a prepared SELECT's table", async () => {
    await sql`create table prepared_probe (id int primary key)`.execute(db);
    await db.insertInto("prepared_probe" as never).values({ id: 1 } as never).execute();
    const probe = () => sql<Record<string, unknown>>`select * from prepared_probe where id = ${1}`.execute(db).then((result) => result.rows[0]);
    for (let run = 0; run < RUNS_BEFORE_PREPARED + 2; run += 1) expect(await probe()).toEqual({ id: 1 });
    expect(await preparedStatements()).toContain("select * from prepared_probe where id = $1");
    await sql`alter table prepared_probe add column note text default 'added'`.execute(db);
    expect(await probe()).toEqual({ id: 1, note: "added" });
    expect(await probe()).toEqual({ id: 1, note: "added" });
  });
});
