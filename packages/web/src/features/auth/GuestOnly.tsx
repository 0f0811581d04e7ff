import { Navigate, Outlet, useLocation } from "react-router"
import { PageLoader } from "../../components/PageLoader"
import { returnPath } from "./returnTo"
import { useAuth } from "../../lib/auth/useAuth"

/** Sign-in and sign-up: once a session exists, continue to the page that was asked for. */
export const GuestOnly = () => {
  const { session, loading } = useAuth()
  const location = useLocation()
  if (loading) return <PageLoader />
  if (session !== null) return <Navigate to={returnPath(location.state)} replace />
  return <Outlet />
}
