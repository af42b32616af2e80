import { type Kysely, sql } from "kysely";

/**
 * The public status page, second part.
 *
 * Status e-mail subscribers get an unsubscribe link that keeps working for the life of the
 * subscription (only its SHA-256 is stored, like the confirmation token's), and the confirmation
 * link expires a while after it was last sent.
 *
 * status_daily_counts: samples per component, UTC day and status, kept by a trigger on every
 * insert, update and delete of status_samples, so it always equals a count over that table. The
 * page's 90-day history reads these few hundred rows instead of counting ~650,000 samples.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("status_subscribers")
    .addColumn("unsubscribe_token_hash", "bytea", (c) => c.unique().check(sql`unsubscribe_token_hash is null or octet_length(unsubscribe_token_hash) = 32`))
    .addColumn("confirm_sent_at", "timestamptz")
    .execute();

  await db.schema
    .createTable("status_daily_counts")
    .addColumn("component", "text", (c) => c.notNull())
    .addColumn("day", "date", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("samples", "integer", (c) => c.notNull().check(sql`samples > 0`))
    .addPrimaryKeyConstraint("status_daily_counts_pkey", ["component", "day", "status"])
    .execute();
  await db.schema.createIndex("status_daily_counts_day_idx").on("status_daily_counts").column("day").execute();
  await sql`
    create function status_daily_counts_apply(p_component text, p_checked_at timestamptz, p_status text, p_delta integer) returns void
    language plpgsql as $$
    begin
      if p_delta > 0 then
        insert into status_daily_counts as counts (component, day, status, samples)
        values (p_component, (p_checked_at at time zone 'UTC')::date, p_status, p_delta)
        on conflict (component, day, status) do update set samples = counts.samples + p_delta;
      else
        update status_daily_counts set samples = samples + p_delta
        where component = p_component and day = (p_checked_at at time zone 'UTC')::date and status = p_status and samples + p_delta > 0;
        -- A count that would reach zero: the row goes.
        if not found then
          delete from status_daily_counts
          where component = p_component and day = (p_checked_at at time zone 'UTC')::date and status = p_status;
        end if;
      end if;
    end $$`.execute(db);
  await sql`
    create function status_samples_count_change() returns trigger
    language plpgsql as $$
    begin
      if tg_op in ('DELETE', 'UPDATE') then
        perform status_daily_counts_apply(old.component, old.checked_at, old.status, -1);
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        perform status_daily_counts_apply(new.component, new.checked_at, new.status, 1);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger status_samples_count_change after insert or update or delete on status_samples
    for each row execute function status_samples_count_change()`.execute(db);
  await sql`
    insert into status_daily_counts (component, day, status, samples)
    select component, (checked_at at time zone 'UTC')::date, status, count(*)::int from status_samples group by 1, 2, 3`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger status_samples_count_change on status_samples`.execute(db);
  await sql`drop function status_samples_count_change()`.execute(db);
  await sql`drop function status_daily_counts_apply(text, timestamptz, text, integer)`.execute(db);
  await db.schema.dropTable("status_daily_counts").execute();
  await db.schema.alterTable("status_subscribers").dropColumn("confirm_sent_at").dropColumn("unsubscribe_token_hash").execute();
}
