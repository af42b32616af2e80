import { EngineConfigSchema, loadConfigOrExit } from "../core/config.js";
import { createLogger } from "../core/logger.js";
import { startEngine } from "./engine.js";

const config = loadConfigOrExit(EngineConfigSchema, "engine");
const logger = createLogger({ level: config.LOG_LEVEL, name: "engine", pretty: config.LOG_PRETTY });

const engine = await startEngine(config, logger);
logger.info({ instanceId: engine.instanceId, workers: engine.workers.map((w) => w.name) }, "engine running");

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    engine.shutdown().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  });
}
