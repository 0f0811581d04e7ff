import { Navigate, Outlet, useLocation } from "react-router"
import { PageLoader } from "../../components/PageLoader"
import { returnStateFor } from "./returnTo"
import { useAuth } from "../../lib/auth/useAuth"

/** Routes for signed-in people; everyone else goes to the sign-in page and comes back after. */
export const RequireSession = () => {
  const { session, loading } = useAuth()
  const location = useLocation()
  if (loading) return <PageLoader />
  if (session === null) return <Navigate to="/sign-in" replace state={returnStateFor(location)} />
  return <Outlet />
}
