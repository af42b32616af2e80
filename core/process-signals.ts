import type { Logger } from "./logger.js";

/** On SIGTERM or SIGINT, runs `stop` once and exits: 0 when it finished, 1 when it failed. */
export function stopOnSignals(stop: () => Promise<void>, logger: Logger): void {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      stop().then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, "shutdown failed");
          process.exit(1);
        },
      );
    });
  }
}
