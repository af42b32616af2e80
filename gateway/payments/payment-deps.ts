import type { GatewayConfig } from "../../core/config.js";
import type { Database } from "../../core/db/client.js";
import type { Logger } from "../../core/logger.js";
import { createPesapalClient, pesapalBaseUrl, type PesapalClient } from "../../core/payments/pesapal-client.js";
import type { ProducerQueues } from "../../core/queues.js";
import type { Redis } from "../../core/redis.js";

/** What the payment services need; one Pesapal client (and token cache) per gateway process. */
export interface PaymentDeps {
  db: Database;
  redis: Redis;
  queues: ProducerQueues;
  logger: Logger;
  pesapal: PesapalClient;
  /** "sandbox" or "pesapal", recorded on every order and provider event. */
  provider: string;
  publicUrl: string;
  productName: string;
  redisKeyPrefix: string;
  now: () => Date;
}

export function createPaymentDeps(deps: {
  config: GatewayConfig;
  db: Database;
  redis: Redis;
  queues: ProducerQueues;
  logger: Logger;
  now?: () => Date;
}): PaymentDeps {
  const { config } = deps;
  return {
    db: deps.db,
    redis: deps.redis,
    queues: deps.queues,
    logger: deps.logger,
    pesapal: createPesapalClient({
      baseUrl: pesapalBaseUrl(config),
      consumerKey: config.PESAPAL_CONSUMER_KEY,
      consumerSecret: config.PESAPAL_CONSUMER_SECRET,
      logger: deps.logger,
    }),
    provider: config.PAYMENT_PROVIDER,
    publicUrl: config.PUBLIC_URL,
    productName: config.PRODUCT_NAME,
    redisKeyPrefix: config.REDIS_KEY_PREFIX,
    now: deps.now ?? (() => new Date()),
  };
}

/** An absolute URL on this deployment. */
export function publicLink(deps: Pick<PaymentDeps, "publicUrl">, path: string): string {
  return new URL(path, deps.publicUrl).toString();
}
