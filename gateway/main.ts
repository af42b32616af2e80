import { GatewayConfigSchema, loadConfigOrExit } from "../core/config.js";
import { createLogger } from "../core/logger.js";
import { startGateway } from "./server.js";

const config = loadConfigOrExit(GatewayConfigSchema, "gateway");
const logger = createLogger({ level: config.LOG_LEVEL, name: "gateway", pretty: config.LOG_PRETTY });

const gateway = await startGateway(config, logger);
logger.info({ url: gateway.url }, "gateway listening");

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    gateway.shutdown().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  });
}
