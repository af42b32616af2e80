import { Link } from "react-router-dom";
import { REFUND_WINDOW_DAYS } from "../../../../../core/contracts/admin-billing";
import { ISSUES_URL, SUPPORT_EMAIL } from "../../../components/layouts/site-contacts";
import { FaqList, type FaqItem } from "../../../components/ui/faq-list";

const linkClass = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900";

const FAQ: ReadonlyArray<FaqItem> = [
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
  return <FaqList id="contact-faq-title" items={FAQ} className="mt-16" />;
}
