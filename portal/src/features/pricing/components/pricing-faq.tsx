import { ChevronDown } from "lucide-react";
import { PERIOD_TERMS } from "../../../../../core/plans";

const FAQ: ReadonlyArray<{ question: string; answer: string }> = [
  {
    question: "Can I change plans later?",
    answer:
      "Yes. Upgrades take effect immediately, with a credit for the unused part of your current period; downgrades take effect at the end of the period you paid for.",
  },
  {
    question: "What happens when I reach my monthly quota?",
    answer:
      "Further requests are answered with 429 QUOTA_EXCEEDED until the quota resets at the start of the next calendar month (UTC), or until you upgrade. We email you at 80%, 90% and 100% of your quota.",
  },
  {
    question: "Do yearly and three-year plans reset every month?",
    answer: `Yes. Quotas reset every calendar month on every plan; longer billing periods simply cost less: ${PERIOD_TERMS.yearly.discountPercent}% off when billed yearly, ${PERIOD_TERMS.threeYears.discountPercent}% off when billed every 3 years.`,
  },
  {
    question: "How can I pay?",
    answer: "By card or mobile money on our payment provider's secure page. Your card details never touch our servers.",
  },
  {
    question: "Can I get a refund?",
    answer: "Yes. Every paid plan comes with a 30-day money-back guarantee.",
  },
];

export function PricingFaq() {
  return (
    <section aria-labelledby="faq-title" className="mx-auto mt-20 max-w-3xl">
      <h2 id="faq-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        Frequently asked questions
      </h2>
      <div className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        {FAQ.map(({ question, answer }) => (
          <details key={question} className="group px-6 py-4">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-md font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
              {question}
              <ChevronDown aria-hidden className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180" />
            </summary>
            <p className="mt-3 leading-relaxed text-slate-600">{answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
