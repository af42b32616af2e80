import { PERIOD_TERMS } from "../../../../../core/plans";
import { FaqList, type FaqItem } from "../../../components/ui/faq-list";

const FAQ: ReadonlyArray<FaqItem> = [
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
  return <FaqList id="faq-title" items={FAQ} className="mx-auto mt-20 max-w-3xl" />;
}
