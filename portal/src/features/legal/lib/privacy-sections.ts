import { SUPPORT_EMAIL } from "../../../components/layouts/site-contacts";
import type { LegalSection } from "./legal-section";

/** Children below this age may not have an account (SPEC: the policy covers children under 13). */
export const MINIMUM_AGE = 13;

/** The Privacy Policy, in the order it is shown. */
export const PRIVACY_SECTIONS: readonly LegalSection[] = [
  {
    id: "scope",
    title: "Who we are and what this policy covers",
    blocks: [
      "Sluice runs a developer platform for workflow automation, data processing and analytics. This policy explains what personal data we collect through this website, the dashboard and the API, why, how long we keep it, and the rights you have. We are responsible for that data.",
    ],
  },
  {
    id: "information-you-give",
    title: "Information you give us",
    blocks: [
      [
        "Account: your full name, e-mail address and password. We store the password only as a salted Argon2 hash, never as text.",
        "Sign-in with Google, if you choose it: the name and e-mail address Google shares with us, and Google's identifier for your account.",
        "Billing details you enter at checkout: name, e-mail, address, city, state, postal code and country, which we pass to our payment provider with the order.",
        "Messages you send to support.",
      ],
    ],
  },
  {
    id: "information-from-use",
    title: "Information created as you use Sluice",
    blocks: [
      [
        "API usage: how many requests you make per day and per kind of endpoint, and how much data you process, to enforce your quota and show your usage.",
        "API keys: their names and permissions, and a SHA-256 hash of each key. We cannot show a key again after it is created.",
        "Sessions: the IP address and browser of each signed-in session, kept until the session expires, to let you sign in and to detect misuse.",
        "Billing history: plans bought, amounts, dates, invoice numbers and payment status.",
      ],
      "Our servers also keep technical logs of requests to keep the service running and secure.",
    ],
  },
  {
    id: "your-content",
    title: "Your datasets, workflows and analyses",
    blocks: [
      "We store the datasets you upload, the rows you send inline for an analysis, the results, your workflows and their executions (with each step's input and output), and your webhook endpoints with their delivery logs. We use them only to run your requests and show you the results. We do not sell them, look at them except to resolve a problem you ask us about, or use them to train models.",
    ],
  },
  {
    id: "payments",
    title: "Payments",
    blocks: [
      "Payments are handled by Pesapal. You enter card or mobile-money details on Pesapal's own payment page; they never reach our servers. Pesapal tells us the order reference, amount, currency, payment method and whether the payment succeeded, and processes your details under its own privacy policy.",
    ],
  },
  {
    id: "how-we-use",
    title: "How we use information",
    blocks: [
      [
        "to provide the service: run your requests, enforce quotas and rate limits, and show usage and billing in the dashboard;",
        "to take payments, activate plans and keep accounting records;",
        "to keep Sluice and its users secure, and to investigate misuse;",
        "to answer you when you contact support.",
      ],
      "We do not profile you, sell your data or show you advertising.",
    ],
  },
  {
    id: "email",
    title: "E-mail",
    blocks: [
      "We send e-mail your account needs: address confirmation, password resets and changes, receipts, plan expiry reminders, quota warnings at 80%, 90% and 100% of your monthly requests, and notice when a webhook endpoint of yours is disabled. Status updates come only if you subscribe on the status page. We send no marketing e-mail.",
    ],
  },
  {
    id: "cookies",
    title: "Cookies and local storage",
    blocks: [
      "We use session cookies only: the cookies that keep you signed in (an access token, and a refresh token that lasts beyond the browser session only if you tick \"remember me\"), and a cookie that protects forms against cross-site request forgery. They are set by our own site and read only by it.",
      "The dashboard also keeps a small note in your browser's local storage that you are signed in, so open tabs stay in step. We use no analytics, advertising or third-party tracking cookies, and load no outside scripts, fonts or images.",
    ],
  },
  {
    id: "sharing",
    title: "Who we share information with",
    blocks: [
      [
        "Pesapal, to take your payments;",
        "the e-mail service that delivers our messages, which receives your address and the message;",
        "Google, only if you sign in with Google;",
        "the providers that host our servers and databases, under contracts that forbid other use;",
        "authorities, when the law requires it.",
      ],
      "We never sell personal data.",
    ],
  },
  {
    id: "retention-and-security",
    title: "How long we keep it, and how we protect it",
    blocks: [
      "Account data, datasets, workflows and analyses are kept while your account exists and deleted within 30 days after it is closed. Sessions, password-reset links and similar tokens are deleted when they expire. Billing records are kept as long as tax and accounting law requires.",
      "Traffic is encrypted in transit; passwords and API keys are stored only as hashes; session cookies are httpOnly and cannot be read by scripts; every webhook we send is signed so you can verify it came from us.",
    ],
  },
  {
    id: "your-rights",
    title: "Your rights",
    blocks: [
      `You may ask for a copy of your personal data, for corrections, for deletion of your account and data, or object to a use of it. You can change your name and delete API keys, datasets and workflows yourself in the dashboard; for anything else write to ${SUPPORT_EMAIL} from your account's address. We answer within 30 days, and you may also complain to your data protection authority.`,
    ],
  },
  {
    id: "children",
    title: "Children's privacy",
    blocks: [
      `Sluice is a tool for developers and is not directed to children. Children under ${MINIMUM_AGE} may not create an account, and we do not knowingly collect personal data from children under ${MINIMUM_AGE}. If you believe a child under ${MINIMUM_AGE} has given us personal data, write to ${SUPPORT_EMAIL} and we will delete it.`,
    ],
  },
  {
    id: "changes",
    title: "Changes to this policy and contact",
    blocks: [
      "When we change this policy we update the date at the top of this page, and we tell you by e-mail before a material change takes effect.",
      `Questions about your privacy: ${SUPPORT_EMAIL}.`,
    ],
  },
];
