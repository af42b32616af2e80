import { useSearchParams } from "react-router-dom";
import { DashboardLayout } from "../../dashboard/dashboard-layout";
import { sectionFor } from "../../dashboard/dashboard-sections";

/** /dashboard: the section named by the query (`section`, `success=true`, or checkout's plan, tier, period and amount). */
export function DashboardRoute() {
  const [params] = useSearchParams();
  return <DashboardLayout section={sectionFor(params)} />;
}
