import { ApiDocsTabs } from "./api-docs-tabs";
import { DailyUsagePanel } from "./daily-usage-panel";
import { BestPractices, Resources } from "./overview-guides";
import { UsageCards } from "./usage-cards";

/** The dashboard's first section: usage, limits and the essentials of the API. */
export function OverviewSection() {
  return (
    <div className="space-y-8">
      <p className="max-w-3xl text-lg leading-relaxed text-slate-600">
        Your requests this month against your plan, the limits you work within, and what you need to call the API.
      </p>
      <UsageCards />
      <DailyUsagePanel />
      <ApiDocsTabs />
      <div className="grid gap-6 lg:grid-cols-2">
        <BestPractices />
        <Resources />
      </div>
    </div>
  );
}
