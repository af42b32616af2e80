import { REFUND_WINDOW_DAYS } from "../../../../../core/contracts/admin-billing";
import { EXPIRY_GRACE_DAYS, RENEWAL_REMINDER_DAYS } from "../../../../../core/payments/renewal-terms";
import { FREE_PLAN_NAME, PERIOD_TERMS, findPlan } from "../../../../../core/plans";
import { SUPPORT_EMAIL } from "../../../components/layouts/site-contacts";
import type { LegalSection } from "./legal-section";

/** Notice given before a material change of the terms takes effect (SPEC: 30 days). */
export const TERMS_CHANGE_NOTICE_DAYS = 30;

const free = findPlan(FREE_PLAN_NAME);
const freeAllowance = free
  ? `${free.request_limit.toLocaleString("en-US")} requests and ${free.data_limit_bytes / 1e9}GB of data processing a month`
  : "a monthly allowance of requests and data processing";

/** The Terms of Service, in the order they are shown. */
export const TERMS_SECTIONS: readonly LegalSection[] = [
  {
    id: "agreement",
    title: "Agreement to these terms",
    blocks: [
      "These terms govern your use of Sluice: this website, the dashboard, the REST API for workflow automation, data processing and analytics, and the SDKs and documentation that come with them. By creating an account or calling the API you agree to them.",
      "If you use Sluice on behalf of an organisation, you confirm that you may accept these terms for it, and \"you\" then means that organisation.",
    ],
  },
  {
    id: "accounts",
    title: "Your account",
    blocks: [
      "You need an account to use the API. Give us a real name and an e-mail address you read: we send confirmations, receipts and service notices there. You must be at least 13 years old to create an account.",
      "You are responsible for what happens under your account. Keep your password to yourself, and tell us at once if you believe someone else has used it.",
    ],
  },
  {
    id: "api-keys",
    title: "API keys",
    blocks: [
      "API keys identify you to the API. Test keys (sk_test_) run workflows without sending e-mail or calling outside services; live keys (sk_live_) act for real.",
      "Treat keys like passwords: never put them in public code or in a web page. Requests made with your keys are yours, so delete a key in the dashboard as soon as you suspect it has leaked. We show a key in full only once, when it is created.",
    ],
  },
  {
    id: "plans-and-limits",
    title: "Plans, quotas and rate limits",
    blocks: [
      `Every account starts on the free plan: ${freeAllowance}, with no card required. Paid plans raise the monthly requests, the data you may process, the requests per minute and the size of uploads, as listed on the pricing page.`,
      "Quotas reset at the start of every calendar month (UTC), also on yearly and three-year plans. Over a quota or a rate limit, the API answers 429 until the limit resets or you upgrade; it does not charge for overage.",
    ],
  },
  {
    id: "payments",
    title: "Prices and payment",
    blocks: [
      `Prices are in US dollars and shown before you pay. You can pay monthly, yearly (${PERIOD_TERMS.yearly.discountPercent}% off) or every three years (${PERIOD_TERMS.threeYears.discountPercent}% off), always in advance for the whole period.`,
      "Payments are processed by Pesapal, by card or mobile money on Pesapal's secure payment page. Your plan is activated as soon as Pesapal confirms the payment to us, and we e-mail you a receipt with an invoice number.",
    ],
  },
  {
    id: "renewals",
    title: "Renewals, plan changes and cancellation",
    blocks: [
      `Plans do not renew by themselves: we e-mail you ${RENEWAL_REMINDER_DAYS.join(" days and ")} day before your plan expires, with a link to pay for the next period. If you do not renew, your plan continues for a grace period of ${EXPIRY_GRACE_DAYS} days and the account then returns to the free plan. Nothing is deleted.`,
      "An upgrade starts immediately, and the unused part of your current plan is credited against its price. A downgrade is paid now and starts when your current period ends. You can stop at any time by not renewing.",
    ],
  },
  {
    id: "refunds",
    title: "Refunds",
    blocks: [
      `Every paid plan comes with a ${REFUND_WINDOW_DAYS}-day money-back guarantee. Write to ${SUPPORT_EMAIL} within ${REFUND_WINDOW_DAYS} days of a payment and we refund it in full through Pesapal to the card or mobile-money account that paid, and move the account back to the free plan.`,
    ],
  },
  {
    id: "acceptable-use",
    title: "Acceptable use",
    blocks: [
      "You may not use Sluice to:",
      [
        "process data you have no right to process, or data whose processing breaks the law;",
        "send spam or unsolicited messages through e-mail, chat or webhook actions;",
        "reach networks or addresses that are not yours to reach, or probe, overload or attack Sluice or anyone else;",
        "get around quotas, rate limits or plan restrictions, for example by spreading one workload over several free accounts;",
        "resell or share API access without our written agreement.",
      ],
      "We may throttle or block requests that put the service or other customers at risk.",
    ],
  },
  {
    id: "your-data",
    title: "Your data",
    blocks: [
      "Datasets, workflows, analyses and their results remain yours. You give us permission to store and process them only to run the requests you make and to show you the results. We do not sell them, and we do not use them to train models.",
      "You can delete datasets, workflows and API keys in the dashboard or through the API at any time. The Privacy Policy explains what we keep and for how long.",
    ],
  },
  {
    id: "availability",
    title: "Availability and changes to the API",
    blocks: [
      "We work to keep Sluice available and publish its live health, uptime and incidents on the status page. Maintenance and incidents can interrupt the service; retry with exponential back-off as the documentation describes.",
      "The API is versioned (v1). Within a version we add fields and endpoints but do not remove or rename them; a breaking change comes as a new version, announced in the changelog.",
    ],
  },
  {
    id: "liability",
    title: "Disclaimers and liability",
    blocks: [
      "Analyses are statistical estimates: trends, forecasts and anomalies come with the uncertainty the results report, and you remain responsible for decisions you base on them. Sluice is provided as it is, without warranties beyond those the law requires.",
      "To the extent the law allows, our total liability for any claim is limited to the amount you paid us in the 12 months before it arose, and we are not liable for indirect or consequential losses.",
    ],
  },
  {
    id: "termination",
    title: "Suspension and termination",
    blocks: [
      "You may stop using Sluice at any time; to close your account and delete its data, write to us from the account's e-mail address.",
      "We may suspend an account that breaks these terms or endangers the service, telling you why by e-mail, and close it if the problem is not resolved. If we close an account without cause, we refund the unused part of any paid period.",
    ],
  },
  {
    id: "changes",
    title: "Changes to these terms",
    blocks: [
      `We may update these terms. We give at least ${TERMS_CHANGE_NOTICE_DAYS} days' notice of any material change by e-mail and on this page before it takes effect; the date at the top shows the latest version. If you do not agree with a change, you may stop using Sluice before it takes effect.`,
      `Questions about these terms: ${SUPPORT_EMAIL}.`,
    ],
  },
];
