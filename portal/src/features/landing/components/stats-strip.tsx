const STATS: ReadonlyArray<{ value: string; label: string }> = [
  { value: "500TB+", label: "Processed daily" },
  { value: "10K+", label: "Data scientists" },
  { value: "99.9%", label: "Analysis accuracy" },
  { value: "200ms", label: "Average analysis time" },
];

export function StatsStrip() {
  return (
    <section aria-label="Platform statistics" className="border-y border-slate-200 bg-white">
      <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-8 px-4 py-12 sm:px-6 md:grid-cols-4">
        {STATS.map((stat) => (
          <div key={stat.label} className="flex flex-col-reverse justify-end text-center">
            <dt className="mt-1 text-sm font-medium text-slate-600">{stat.label}</dt>
            <dd className="text-3xl font-extrabold tracking-tight text-brand-700 sm:text-4xl">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
