import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Dashboard, DashboardQuery, Statistics } from "../domain/caseDashboard.js"
import { Admin } from "./security.js"

/**
 * The dashboard (Reportes, admins): Palma's figures beside the seed's `getStatistics`, which keeps
 * its shape for old clients (reference §1.8) but counts closed cases by `status.isClosed`.
 */
export const CaseDashboardApi = HttpApiGroup.make("caseDashboard")
  .add(HttpApiEndpoint.get("getStatistics", "/case/getStatistics").addSuccess(Statistics).middleware(Admin))
  // Palma's own: the figures of /reports/dashboard, filtered by opening dates and channel.
  .add(HttpApiEndpoint.get("dashboard", "/case/dashboard").setUrlParams(DashboardQuery).addSuccess(Dashboard).middleware(Admin))
