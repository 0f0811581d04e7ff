import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { RemovedBeneficiary, RemoveBeneficiaryInput } from "../domain/leadLink.js"
import { NotFound } from "./errors.js"
import { Staff } from "./security.js"

/** Subscriptions' people. `removeBeneficiary` takes a JSON body on a DELETE, as the original's client sends it. */
export const LeadApi = HttpApiGroup.make("lead")
  .add(
    HttpApiEndpoint.del("removeBeneficiary", "/removeBeneficiary")
      .setPayload(RemoveBeneficiaryInput)
      .addSuccess(RemovedBeneficiary)
      .addError(NotFound)
      .middleware(Staff)
  )
  .prefix("/lead")
