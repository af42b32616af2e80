import { FeatureGrid } from "../../features/landing/components/feature-grid";
import { FinalCta } from "../../features/landing/components/final-cta";
import { Hero } from "../../features/landing/components/hero";
import { LiveDemo } from "../../features/landing/components/live-demo";
import { StatsStrip } from "../../features/landing/components/stats-strip";
import { useDocumentTitle } from "../../hooks/use-document-title";

export function LandingRoute() {
  useDocumentTitle(null);
  return (
    <>
      <Hero />
      <FeatureGrid />
      <LiveDemo />
      <StatsStrip />
      <FinalCta />
    </>
  );
}
