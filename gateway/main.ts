import { GatewayConfigSchema, loadConfigOrExit } from "../core/config.js";
import { createLogger } from "../core/logger.js";
import { stopOnSignals } from "../core/process-signals.js";
import { startGateway } from "./server.js";

const config = loadConfigOrExit(GatewayConfigSchema, "gateway");
const logger = createLogger({ level: config.LOG_LEVEL, name: "gateway", pretty: config.LOG_PRETTY });

const gateway = await startGateway(config, logger);
logger.info({ url: gateway.url }, "gateway listening");
stopOnSignals(gateway.shutdown, logger);
