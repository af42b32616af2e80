import { CodeBlock } from "../../../components/ui/code-block";

const SAMPLE_REQUEST = `POST /v1/data/analyze
Authorization: Bearer sk_test_YOUR_KEY
Content-Type: application/json

{
  "analysis": "trend",
  "timeframe": "last_30_days",
  "dataset": [
    { "date": "2025-06-01", "revenue": 1200 },
    { "date": "2025-06-02", "revenue": 1350 },
    { "date": "2025-06-03", "revenue": 1410 }
  ]
}`;

const SAMPLE_RESPONSE = `{
  "analysis_id": "an_8mQx2VbR4kTz",
  "insights": {
    "trend": {
      "direction": "up",
      "slope_per_day": 105,
      "r_squared": 0.94
    },
    "growth_rate": 0.175,
    "anomalies": [],
    "forecast": {
      "next_30_days": {
        "total": 91575,
        "lower": 86990,
        "upper": 96160
      }
    }
  },
  "visualizations": ["line_chart"],
  "processing_time_ms": 42
}`;

/** A static sample (not interactive): one analytics request and its response, side by side. */
export function LiveDemo() {
  return (
    <section aria-labelledby="live-demo-title" className="bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
        <div className="max-w-2xl">
          <h2 id="live-demo-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Try Our Data Analytics API Live
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            Send rows of data and an analysis type; get back the trend, growth rate, anomalies and a 30-day forecast.
          </p>
        </div>
        <div className="mt-10 grid gap-6 lg:grid-cols-2">
          <CodeBlock title="Sample request" code={SAMPLE_REQUEST} />
          <CodeBlock title="Sample response · 200 OK" code={SAMPLE_RESPONSE} />
        </div>
      </div>
    </section>
  );
}
