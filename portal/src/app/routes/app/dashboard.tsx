import { useSearchParams } from "react-router-dom";
import { DashboardLayout } from "../../../features/dashboard/components/dashboard-layout";
import { sectionFor } from "../../../features/dashboard/sections/registry";

/** /dashboard: the section named by the query (`section`, `success=true`, or checkout's plan, tier, period and amount). */
export function DashboardRoute() {
  const [params] = useSearchParams();
  return <DashboardLayout section={sectionFor(params)} />;
}
