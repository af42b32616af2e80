import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { PortalConfigProvider, loadPortalConfig } from "./lib/portal-config";
import "./index.css";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

// Read once, before the first render: every page may depend on it (payment pages, sign-in buttons, titles).
const portalConfig = await loadPortalConfig();

createRoot(container).render(
  <StrictMode>
    <PortalConfigProvider config={portalConfig}>
      <App />
    </PortalConfigProvider>
  </StrictMode>,
);
