import type { ContractorListed, CustomerOrigins, CustomerSearchPage, SubscriptionDetail } from "@palma/core"
import type { RealServer } from "../realServer"

/** The contractors `getAll` answers for these criteria, as the server has them now. */
export const contractors = (server: RealServer, criteria: Record<string, unknown> = {}) =>
  server.api<ReadonlyArray<ContractorListed>>("POST", "/api/contractor/getAll", criteria)

/** A demo customer whose first subscription's titular brings cargas, with that subscription. */
export const customerWithCargas = async (server: RealServer) => {
  const page = await server.api<CustomerSearchPage>("GET", "/api/customer/getByRutOrName?records=40")
  for (const found of page.data) {
    const origins = await server.api<CustomerOrigins>("GET", `/api/contractor/getCustomerById/${found.id}`)
    const first = origins.origins[0]
    if (first === undefined) continue
    const subscription = await server.api<SubscriptionDetail>("GET", `/api/contractor/getSubscriptionById/${first.subscription_id}`)
    const titular = subscription.insured.find((i) => i.beneficiaries.length > 0)
    if (titular !== undefined) return { id: found.id, name: found.name, origins, subscription, titular }
  }
  throw new Error("La población de demostración no tiene cargas")
}

/** Requests that change data. */
export const writes = (server: RealServer) =>
  server.requests.filter((r) => r.method !== "GET" && !r.path.endsWith("/getAll") && !r.path.startsWith("/api/auth"))
