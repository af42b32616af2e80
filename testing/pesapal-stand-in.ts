import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { z } from "zod";
import { createApiRoutes } from "./pesapal-stand-in/api-routes.js";
import { createHostedPageRoutes, HOSTED_PAGE_PATH } from "./pesapal-stand-in/hosted-page-routes.js";
import { deliverIpn } from "./pesapal-stand-in/ipn-sender.js";
import {
  createStandInState,
  findOrder,
  type StandInApiCall,
  type StandInIpnAttempt,
  type StandInIpnRegistration,
  type StandInOrder,
} from "./pesapal-stand-in/stand-in-state.js";

export { STAND_IN_CARDS, STAND_IN_PHONES } from "./pesapal-stand-in/payment-checks.js";
export type { RedirectMode, StandInApiCall, StandInIpnAttempt, StandInIpnRegistration, StandInOrder, StandInRefund, StandInStatusCode } from "./pesapal-stand-in/stand-in-state.js";

/**
 * A stand-in for Pesapal API 3.0 and its hosted payment page, served from its own origin on
 * 127.0.0.1: what a production-mode gateway (PAYMENT_PROVIDER=pesapal) talks to in tests.
 * Written from PESAPAL.md alone, independently of the gateway's built-in sandbox, so a misreading
 * of the protocol there is not mirrored here.
 *
 *   const pesapal = await startPesapalStandIn({ consumerKey: "k", consumerSecret: "s", framingOrigins: [portalOrigin] });
 *   // gateway: PAYMENT_PROVIDER=pesapal PESAPAL_BASE_URL=${pesapal.baseUrl} PESAPAL_CONSUMER_KEY=k PESAPAL_CONSUMER_SECRET=s
 *   ... checkout; pay on the page at redirect_url (STAND_IN_CARDS.approved) ...
 *   await pesapal.settled();                  // every IPN delivered or given up
 *   pesapal.orders(); pesapal.ipnsSent();
 *   await pesapal.close();
 */

export interface PesapalStandInOptions {
  consumerKey: string;
  consumerSecret: string;
  /** Origins that may frame the hosted page (e.g. the portal's); others are refused. Default: none. */
  framingOrigins?: string[];
  /** Named in the hosted page's heading: "Pay USD 29.00 to <merchantName>". Default "Sluice". */
  merchantName?: string;
  /** A fixed port, when the gateway's settings must name it before the stand-in starts. Default: a free one. */
  port?: number;
  /** Tokens' lifetime; Pesapal's is 5 minutes (the default). */
  tokenLifetimeMs?: number;
  /** IPN deliveries per status change (first included) and the pause between them. Default 3 and 500 ms. */
  ipnRetry?: { attempts: number; delayMs: number };
}

export interface PesapalStandIn {
  /** Pesapal's API base, to use as PESAPAL_BASE_URL: http://127.0.0.1:<port>/pesapalv3 */
  baseUrl: string;
  /** http://127.0.0.1:<port>; the hosted page (redirect_url) is served here too. */
  origin: string;
  /** Snapshots of every order submitted, oldest first. */
  orders(): readonly StandInOrder[];
  /** The order with this tracking id (any case), or undefined. */
  order(orderTrackingId: string): StandInOrder | undefined;
  ipnRegistrations(): readonly StandInIpnRegistration[];
  /** Every IPN delivery attempt with the merchant's answer, oldest first. */
  ipnsSent(): readonly StandInIpnAttempt[];
  /** Every call to the API, with the HTTP status it got. */
  apiCalls(): readonly StandInApiCall[];
  /** Resolves when no IPN delivery is in flight (each acknowledged or out of attempts). */
  settled(): Promise<void>;
  /** Makes every issued token invalid, as if it had expired: the next call with one gets HTTP 401. */
  expireTokens(): void;
  /** The merchant approved a refund (or the payment was charged back): COMPLETED becomes REVERSED and an IPN is sent. */
  reverse(orderTrackingId: string): void;
  close(): Promise<void>;
}

const OptionsSchema = z.object({
  consumerKey: z.string().min(1),
  consumerSecret: z.string().min(1),
  framingOrigins: z.array(z.url({ protocol: /^https?$/ }).transform((url) => new URL(url).origin)).default([]),
  merchantName: z.string().min(1).default("Sluice"),
  port: z.number().int().min(0).max(65_535).default(0),
  tokenLifetimeMs: z.number().int().positive().default(5 * 60_000),
  ipnRetry: z.object({ attempts: z.number().int().min(1), delayMs: z.number().int().min(0) }).default({ attempts: 3, delayMs: 500 }),
});

export async function startPesapalStandIn(input: PesapalStandInOptions): Promise<PesapalStandIn> {
  const options = OptionsSchema.parse(input);
  const state = createStandInState();
  const deliveries = new Set<Promise<void>>();
  const stopping = new AbortController();
  let origin = "";

  const sendIpn = (order: StandInOrder) => {
    const registration = state.ipns.find((row) => row.ipnId === order.notificationId);
    if (!registration) return;
    const delivery = deliverIpn({
      registration,
      order: { orderTrackingId: order.orderTrackingId, merchantReference: order.merchantReference },
      retry: options.ipnRetry,
      signal: stopping.signal,
      record: (attempt) => state.ipnAttempts.push(attempt),
    }).finally(() => deliveries.delete(delivery));
    deliveries.add(delivery);
  };

  const app = new Hono({ strict: false });
  app.route(
    "/pesapalv3/api",
    createApiRoutes({
      state,
      consumerKey: options.consumerKey,
      consumerSecret: options.consumerSecret,
      tokenLifetimeMs: options.tokenLifetimeMs,
      hostedPageUrl: (orderTrackingId) => `${origin}${HOSTED_PAGE_PATH}?OrderTrackingId=${orderTrackingId}`,
    }),
  );
  app.route(HOSTED_PAGE_PATH.replace(/\/$/, ""), createHostedPageRoutes({ state, merchantName: options.merchantName, framingOrigins: options.framingOrigins, onDecided: sendIpn }));

  const server = await new Promise<Server>((resolve, reject) => {
    const started = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: options.port }, () => resolve(started as Server));
    started.once("error", reject);
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const snapshot = <T>(value: T): T => structuredClone(value);

  return {
    baseUrl: `${origin}/pesapalv3`,
    origin,
    orders: () => snapshot([...state.orders.values()]),
    order: (orderTrackingId) => snapshot(findOrder(state, orderTrackingId)),
    ipnRegistrations: () => snapshot(state.ipns),
    ipnsSent: () => snapshot(state.ipnAttempts),
    apiCalls: () => snapshot(state.apiCalls),
    async settled() {
      while (deliveries.size > 0) await Promise.all([...deliveries]);
    },
    expireTokens() {
      state.tokens.clear();
    },
    reverse(orderTrackingId) {
      const order = findOrder(state, orderTrackingId);
      if (!order || order.statusCode !== 1) throw new Error(`only a completed order can be reversed; ${orderTrackingId} is ${order ? `status ${order.statusCode}` : "unknown"}`);
      order.statusCode = 3;
      sendIpn(order);
    },
    async close() {
      stopping.abort();
      await Promise.all([...deliveries]);
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
