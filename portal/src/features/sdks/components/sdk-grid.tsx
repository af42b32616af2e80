import type { Sdk } from "../lib/sdk-catalogue";
import { SdkCard } from "./sdk-card";

export function SdkGrid({ sdks }: { sdks: readonly Sdk[] }) {
  return (
    <section aria-labelledby="sdk-list-title">
      <h2 id="sdk-list-title" className="text-2xl font-bold tracking-tight text-slate-900">
        Libraries and tools
      </h2>
      <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {sdks.map((sdk) => (
          <SdkCard key={sdk.name} sdk={sdk} />
        ))}
      </ul>
    </section>
  );
}
