import { ChevronDown } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { REFUND_WINDOW_DAYS } from "../../../../../core/contracts/admin-billing";
import { ISSUES_URL, SUPPORT_EMAIL } from "../../../components/layouts/site-contacts";

const linkClass = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900";

const FAQ: ReadonlyArray<{ question: string; answer: ReactNode }> = [
  {
    question: "Where do I start with the API?",
    answer: (
      <>
        The{" "}
        <Link to="/api-docs" className={linkClass}>
          API documentation
        </Link>{" "}
        walks you from creating a key to your first workflow and analysis, with examples in JavaScript, Python, Go and cURL.
      </>
    ),
  },
  {
    question: "Can I try requests before writing code?",
    answer: (
      <>
        Yes. The{" "}
        <Link to="/playground" className={linkClass}>
          API playground
        </Link>{" "}
        sends requests from your browser and shows the response, its rate-limit headers and the matching code snippets. Without a key it shows a
        sample response.
      </>
    ),
  },
  {
    question: "How do I report a bug?",
    answer: (
      <>
        Open an issue in our{" "}
        <a href={ISSUES_URL} target="_blank" rel="noreferrer" className={linkClass}>
          public issue tracker<span className="sr-only"> (opens in a new tab)</span>
        </a>{" "}
        with the request id from the error response; it lets us find your request in our logs.
      </>
    ),
  },
  {
    question: "I have a question about a payment.",
    answer: `Write to ${SUPPORT_EMAIL} from your account's address and include the invoice number from your receipt. Every paid plan has a ${REFUND_WINDOW_DAYS}-day money-back guarantee.`,
  },
  {
    question: "Do you offer custom volumes or contracts?",
    answer: `Yes: the Enterprise plan has unlimited requests and data processing, with a contract and invoicing to suit you. Write to ${SUPPORT_EMAIL} with your expected volume.`,
  },
];

export function ContactFaq() {
  return (
    <section aria-labelledby="contact-faq-title" className="mt-16">
      <h2 id="contact-faq-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
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
