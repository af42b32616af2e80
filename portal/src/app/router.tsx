import { lazy, type ComponentType } from "react";
import { createBrowserRouter, type RouteObject } from "react-router-dom";
import { RequireAuth } from "../features/auth/require-auth";
import { RootLayout } from "./root-layout";
import { RouteErrorBoundary } from "./route-error-boundary";
import { LandingRoute } from "./routes/landing";
import { NotFoundRoute } from "./routes/not-found";

/**
 * React.lazy for a module's named export. The landing page and the 404 page are bundled
 * eagerly; every other page is its own chunk, so the landing page ships little JavaScript.
 */
function lazyNamed<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const ApiDocsRoute = lazyNamed(() => import("./routes/api-docs"), "ApiDocsRoute");
const PricingRoute = lazyNamed(() => import("./routes/pricing"), "PricingRoute");
const StatusRoute = lazyNamed(() => import("./routes/status"), "StatusRoute");
const PlaygroundRoute = lazyNamed(() => import("./routes/playground"), "PlaygroundRoute");
const SdksRoute = lazyNamed(() => import("./routes/sdks"), "SdksRoute");
const SignInRoute = lazyNamed(() => import("./routes/auth/sign-in"), "SignInRoute");
const SignUpRoute = lazyNamed(() => import("./routes/auth/sign-up"), "SignUpRoute");
const ForgotPasswordRoute = lazyNamed(() => import("./routes/auth/forgot-password"), "ForgotPasswordRoute");
const ResetPasswordRoute = lazyNamed(() => import("./routes/auth/reset-password"), "ResetPasswordRoute");
const TermsRoute = lazyNamed(() => import("./routes/terms"), "TermsRoute");
const PrivacyRoute = lazyNamed(() => import("./routes/privacy"), "PrivacyRoute");
const ContactRoute = lazyNamed(() => import("./routes/contact"), "ContactRoute");
const DashboardRoute = lazyNamed(() => import("./routes/app/dashboard"), "DashboardRoute");
const AdminDashboardRoute = lazyNamed(() => import("./routes/app/admin-dashboard"), "AdminDashboardRoute");
const CheckoutRoute = lazyNamed(() => import("./routes/payments/checkout"), "CheckoutRoute");
const PaymentProcessRoute = lazyNamed(() => import("./routes/payments/payment-process"), "PaymentProcessRoute");
const PaymentCallbackRoute = lazyNamed(() => import("./routes/payments/payment-callback"), "PaymentCallbackRoute");
const PaymentSuccessRoute = lazyNamed(() => import("./routes/payments/payment-success"), "PaymentSuccessRoute");

/** The route table of SPEC.md section 2. */
export const routes: RouteObject[] = [
  {
    path: "/",
    element: <RootLayout />,
    errorElement: <RouteErrorBoundary standalone />,
    children: [
      {
        // Errors in a page render inside the layout, keeping navigation and footer.
        errorElement: <RouteErrorBoundary />,
        children: [
          { index: true, element: <LandingRoute /> },
          { path: "api-docs", element: <ApiDocsRoute /> },
          { path: "pricing", element: <PricingRoute /> },
          { path: "status", element: <StatusRoute /> },
          { path: "playground", element: <PlaygroundRoute /> },
          { path: "sdks", element: <SdksRoute /> },
          { path: "signin", element: <SignInRoute /> },
          { path: "signup", element: <SignUpRoute /> },
          { path: "forgot-password", element: <ForgotPasswordRoute /> },
          { path: "reset-password", element: <ResetPasswordRoute /> },
          { path: "terms", element: <TermsRoute /> },
          { path: "privacy", element: <PrivacyRoute /> },
          { path: "contact", element: <ContactRoute /> },
          {
            path: "dashboard",
            element: (
              <RequireAuth>
                <DashboardRoute />
              </RequireAuth>
            ),
          },
          {
            path: "admin-dashboard",
            element: (
              <RequireAuth requireAdmin>
                <AdminDashboardRoute />
              </RequireAuth>
            ),
          },
          {
            // Checkout needs a signed-in user (SPEC section 5); the callback and success pages guard themselves.
            path: "checkout",
            element: (
              <RequireAuth>
                <CheckoutRoute />
              </RequireAuth>
            ),
          },
          {
            path: "payment-process",
            element: (
              <RequireAuth>
                <PaymentProcessRoute />
              </RequireAuth>
            ),
          },
          { path: "payment-callback", element: <PaymentCallbackRoute /> },
          { path: "payment-success", element: <PaymentSuccessRoute /> },
          { path: "*", element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
