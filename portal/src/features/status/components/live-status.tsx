import { Button } from "../../../components/ui/button";
import { useStatusPage } from "../hooks/use-status-page";
import { ComponentList } from "./component-list";
import { IncidentList } from "./incident-list";
import { StatusBanner } from "./status-banner";

/** The live health of every component and the recent incidents, refreshed every minute: /status and the dashboard's Status section. */
export function LiveStatus() {
  const { state, retry } = useStatusPage();
  return (
    <>
      {state.status === "loading" && (
        <p role="status" className="text-slate-600">
          Loading...
        </p>
      )}
      {state.status === "error" && (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-5 text-red-900 sm:flex-row sm:items-center sm:justify-between">
          <p>The current status could not be loaded.</p>
          <Button variant="secondary" onClick={retry}>
            Try again
          </Button>
        </div>
      )}
      {state.status === "ready" && (
        <>
          <StatusBanner status={state.data.status} generatedAt={state.data.generated_at} />
          <ComponentList components={state.data.components} />
          <IncidentList incidents={state.data.incidents} />
        </>
      )}
    </>
  );
}
