import type { DuckDBConnection, DuckDBInstance } from "@duckdb/node-api";
import { isFatalDuckDBError, openDuckDB, runStatement } from "./duckdb.js";
import { ParentMessageSchema, type ParentMessage, type WorkerMessage } from "./worker-messages.js";

/**
 * An analytics worker process (DESIGN.md section 8, "Isolation"), forked by the engine's pool
 * (analytics-pool.ts): the one place DuckDB runs. It gets its settings in its first message (no
 * environment, no secrets, no database connection of the engine), opens DuckDB, then runs the
 * statements it is sent, several at once, each session on a connection of its own. A crash here
 * ends this process only; the engine fails the job and forks a replacement. It exits when the
 * engine goes away (the IPC channel closes) and after DuckDB invalidates its database.
 */

if (!process.send) throw new Error("the analytics worker runs as a child process of the engine (child_process.fork)");

let instance: DuckDBInstance | undefined;
/** Open sessions: their connection, and whether they were interrupted (no statement of theirs runs after that). */
const sessions = new Map<number, { connection: Promise<DuckDBConnection>; interrupted: boolean }>();

/**
 * Ends this process at once. Not process.exit(): it waits for DuckDB's running statements, which
 * may never end, and an orphan would go on writing files that the next engine writes too.
 */
function die(): void {
  process.kill(process.pid, "SIGKILL");
}

function send(message: WorkerMessage, then?: () => void): void {
  process.send?.(message, undefined, undefined, () => then?.());
}

function sessionOf(id: number, db: DuckDBInstance) {
  let session = sessions.get(id);
  if (!session) {
    session = { connection: db.connect(), interrupted: false };
    sessions.set(id, session);
  }
  return session;
}

async function endSession(id: number): Promise<void> {
  const session = sessions.get(id);
  sessions.delete(id);
  (await session?.connection)?.closeSync();
}

async function handle(message: ParentMessage): Promise<void> {
  switch (message.kind) {
    case "open":
      instance = await openDuckDB(message.settings);
      return send({ kind: "ready" });
    case "statement": {
      if (!instance) throw new Error("a statement before the open message");
      try {
        const session = sessionOf(message.session, instance);
        if (session.interrupted) throw new Error("INTERRUPT Error: Interrupted!");
        const rows = await runStatement(await session.connection, message.op, message.sql, message.params);
        send({ kind: "rows", id: message.id, rows });
      } catch (error) {
        const text = error instanceof Error ? error.message : String(error);
        const fatal = isFatalDuckDBError(text);
        // The database is unusable from here on: say so, then leave room for a fresh worker.
        send({ kind: "failed", id: message.id, message: text, fatal }, fatal ? die : undefined);
      } finally {
        if (message.last) await endSession(message.session);
      }
      return;
    }
    case "interrupt": {
      // A session exists from its first statement on (messages arrive in order); one already ended has nothing to stop.
      const session = sessions.get(message.session);
      if (!session) return;
      session.interrupted = true;
      (await session.connection).interrupt();
      return;
    }
    case "end":
      return endSession(message.session);
  }
}

process.on("message", (raw: unknown) => {
  const message = ParentMessageSchema.safeParse(raw);
  if (!message.success) {
    process.stderr.write(`analytics worker: unreadable message from the engine: ${message.error.message}\n`);
    return die();
  }
  handle(message.data).catch((error: unknown) => {
    process.stderr.write(`analytics worker: ${error instanceof Error ? error.message : String(error)}\n`);
    die();
  });
});

// The engine went away (or is closing the pool): nothing is left to answer.
process.on("disconnect", die);
