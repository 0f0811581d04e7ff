import { HttpApiEndpoint } from "@effect/platform"
import { Schema } from "effect"
import { ContractData, ContractPdf } from "../domain/planContract.js"
import { Id } from "../domain/fields.js"
import { NotFound } from "./errors.js"
import { Staff } from "./security.js"

/** A plan's contract as a PDF (generated on the server, cached until its inputs change). */
export const getContract = HttpApiEndpoint.get("getContract", "/getContract/:productPlan_id")
  .setPath(Schema.Struct({ productPlan_id: Id }))
  .addSuccess(ContractPdf)
  .addError(NotFound)
  .middleware(Staff)

/**
 * The data a plan's contract is made from. Palma's own route: the seed's
 * `/getContractOperations/{id}` takes a case id and belongs to the cases.
 */
export const getContractData = HttpApiEndpoint.get("getContractData", "/getContractData/:productPlan_id")
  .setPath(Schema.Struct({ productPlan_id: Id }))
  .addSuccess(ContractData)
  .addError(NotFound)
  .middleware(Staff)
