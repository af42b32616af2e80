import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router-dom";
import { PageLoading } from "../../components/ui/page-loading";
import { useAuth } from "./auth-context";
import { signInPathReturningTo } from "../../../../core/contracts/return-path";

interface RequireAuthProps {
  children: ReactNode;
  /** Only users with role admin may pass; other signed-in users go to /dashboard. */
  requireAdmin?: boolean;
}

/** Route guard (SPEC section 2): "Loading..." while the session loads, then redirect or render. */
export function RequireAuth({ children, requireAdmin = false }: RequireAuthProps) {
  const { loading, user, isAdmin } = useAuth();
  const location = useLocation();

  if (loading) {
    return <PageLoading />;
  }
  if (!user) {
    return <Navigate to={signInPathReturningTo(`${location.pathname}${location.search}`)} replace />;
  }
  if (requireAdmin && !isAdmin) {
    return <Navigate to="/dashboard" replace />;
  }
  return children;
}
