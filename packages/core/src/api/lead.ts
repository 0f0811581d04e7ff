import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { AddBeneficiaryInput, AddedBeneficiary, RemovedBeneficiary, RemoveBeneficiaryInput } from "../domain/leadLink.js"
import { NotFound } from "./errors.js"
import { Staff } from "./security.js"

/**
 * Subscriptions' people. `removeBeneficiary` takes a JSON body on a DELETE, as the original's client
 * sends it; `addBeneficiary` is the original's call for the same link (its body, its answer).
 */
export const LeadApi = HttpApiGroup.make("lead")
  .add(
    HttpApiEndpoint.post("addBeneficiary", "/addBeneficiary").setPayload(AddBeneficiaryInput).addSuccess(AddedBeneficiary).addError(NotFound).middleware(Staff)
  )
  .add(
    HttpApiEndpoint.del("removeBeneficiary", "/removeBeneficiary")
      .setPayload(RemoveBeneficiaryInput)
      .addSuccess(RemovedBeneficiary)
      .addError(NotFound)
      .middleware(Staff)
  )
  .prefix("/lead")
