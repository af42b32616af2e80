import {
  Activity,
  BarChart3,
  ChartLine,
  CreditCard,
  Database,
  Gauge,
  KeyRound,
  LayoutDashboard,
  Radio,
  Rocket,
  Send,
  ShieldCheck,
  TriangleAlert,
  Webhook,
  Workflow,
} from "lucide-react";
import { lazy } from "react";
import { ApiKeysSection } from "../../features/api-keys/components/api-keys-section";
import { BillingSection } from "../../features/billing/components/billing-section";
import type { DashboardSection } from "../../features/dashboard/lib/dashboard-section";
import { AnalyticsApiSection } from "../../features/dashboard/sections/analytics-api-section";
import { OverviewSection } from "../../features/dashboard/sections/overview/overview-section";
import { hasCheckoutQuery } from "../../features/payments/lib/checkout-query";
import {
  AuthenticationSection,
  CheckoutSection,
  DataProcessingSection,
  ErrorCodesSection,
  GettingStartedSection,
  RateLimitsSection,
  StatusSection,
  WebhooksSection,
} from "./composed-sections";

/** The console's sections load with their first visit (a chunk of their own). */
const WorkflowsSection = lazy(async () => ({ default: (await import("../../features/console/components/workflows-section")).WorkflowsSection }));
const WebhookEndpointsSection = lazy(async () => ({
  default: (await import("../../features/console/components/webhook-endpoints-section")).WebhookEndpointsSection,
}));
const StreamsSection = lazy(async () => ({ default: (await import("../../features/streams/components/streams-section")).StreamsSection }));
const UsageSection = lazy(async () => ({ default: (await import("../../features/console/components/usage-section")).UsageSection }));

export const OVERVIEW: DashboardSection = { id: "overview", title: "Overview", icon: LayoutDashboard, component: OverviewSection };

/** The sidebar's sections in SPEC order, the console's before the account's; a new section is one more row. */
export const SECTIONS: readonly DashboardSection[] = [
  OVERVIEW,
  { id: "getting-started", title: "Getting Started", icon: Rocket, component: GettingStartedSection, group: "Documentation" },
  { id: "authentication", title: "Authentication", icon: ShieldCheck, component: AuthenticationSection, group: "Documentation" },
  { id: "data-processing", title: "Data Processing", icon: Database, component: DataProcessingSection, group: "Documentation" },
  { id: "analytics-api", title: "Analytics API", icon: BarChart3, component: AnalyticsApiSection, group: "Documentation" },
  { id: "webhooks", title: "Webhooks", icon: Webhook, component: WebhooksSection, group: "Documentation" },
  { id: "rate-limits", title: "Rate Limits", icon: Gauge, component: RateLimitsSection, group: "Documentation" },
  { id: "error-codes", title: "Error Codes", icon: TriangleAlert, component: ErrorCodesSection, group: "Documentation" },
  { id: "workflows", title: "Workflows", icon: Workflow, component: WorkflowsSection, group: "Console" },
  { id: "webhook-endpoints", title: "Webhook Endpoints", icon: Send, component: WebhookEndpointsSection, group: "Console" },
  { id: "streams", title: "Streams", icon: Radio, component: StreamsSection, group: "Console" },
  { id: "usage", title: "Usage", icon: ChartLine, component: UsageSection, group: "Console" },
  { id: "api-keys", title: "API Keys", icon: KeyRound, component: ApiKeysSection, group: "Account" },
  { id: "billing", title: "Billing & Credits", icon: CreditCard, component: BillingSection, group: "Account" },
  { id: "status", title: "Status", icon: Activity, component: StatusSection },
];

/** Reached only through its query parameters, never the navigation (SPEC). */
export const CHECKOUT: DashboardSection = { id: "checkout", title: "Checkout", icon: CreditCard, component: CheckoutSection };

/** Checkout when plan, tier, period and amount are given; else `?section=`, or billing after a payment (SPEC: success=true opens billing). */
export function sectionFor(params: URLSearchParams): DashboardSection {
  if (hasCheckoutQuery(params)) return CHECKOUT;
  const id = params.get("section") ?? (params.get("success") === "true" ? "billing" : null);
  return SECTIONS.find((section) => section.id === id) ?? OVERVIEW;
}
