import { type Role, roleFromPublicMeta } from "@palma/core"
import type { RouteObject } from "react-router"
import { Outlet, useLocation } from "react-router"
import { useSession } from "../../lib/auth/useSession"
import { canOpen, sectionById } from "../menu"
import { NoAccessPage } from "./NoAccessPage"

interface RequireAccessProps {
  /** Who may open pages of this area that the menu does not name. */
  readonly roles: ReadonlyArray<Role>
}

/**
 * Route guard: the screen below mounts only for a role the menu allows, so it never makes a
 * call the server would refuse. Everyone else sees "Sin acceso".
 */
export const RequireAccess = ({ roles }: RequireAccessProps) => {
  const { user } = useSession()
  const { pathname } = useLocation()
  const role = roleFromPublicMeta(user.publicMetadata)
  return canOpen(role, pathname, roles) ? <Outlet /> : <NoAccessPage role={role} />
}

/** The routes of a menu section, behind that section's guard. */
export const guardedSection = (sectionId: string, routes: RouteObject[]): RouteObject => ({
  element: <RequireAccess roles={sectionById(sectionId).roles} />,
  children: routes
})
