import { EngineConfigSchema, loadConfigOrExit } from "../core/config.js";
import { createLogger } from "../core/logger.js";
import { stopOnSignals } from "../core/process-signals.js";
import { startEngine } from "./engine.js";

const config = loadConfigOrExit(EngineConfigSchema, "engine");
const logger = createLogger({ level: config.LOG_LEVEL, name: "engine", pretty: config.LOG_PRETTY });

const engine = await startEngine(config, logger);
logger.info({ instanceId: engine.instanceId, workers: engine.workers.map((w) => w.name), metricsUrl: engine.metricsUrl }, "engine running");
stopOnSignals(engine.shutdown, logger);
