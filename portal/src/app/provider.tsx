import type { ReactNode } from "react";
import { Toaster } from "sonner";
import { AuthProvider } from "../features/auth/auth-context";

/** App-wide providers: the session and the toast outlet. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <AuthProvider>
      {children}
      <Toaster position="top-right" richColors closeButton />
    </AuthProvider>
  );
}
