import type { ReactNode } from "react";
import { Toaster } from "sonner";
import { AuthProvider } from "../features/auth/auth-context";

/** App-wide providers: the session and the toast outlet. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <AuthProvider>
      {children}
      {/* Bottom right: toasts never cover the navigation or its Sign Out button. */}
      <Toaster position="bottom-right" richColors closeButton />
    </AuthProvider>
  );
}
