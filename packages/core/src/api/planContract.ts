import { HttpApiEndpoint } from "@effect/platform"
import { Schema } from "effect"
import { CaseContractPdf, ContractData, ContractPdf } from "../domain/planContract.js"
import { Id } from "../domain/fields.js"
import { NotFound } from "./errors.js"
import { Staff } from "./security.js"

/** A plan's contract as a PDF (generated on the server, cached until its inputs change). */
export const getContract = HttpApiEndpoint.get("getContract", "/getContract/:productPlan_id")
  .setPath(Schema.Struct({ productPlan_id: Id }))
  .addSuccess(ContractPdf)
  .addError(NotFound)
  .middleware(Staff)

/** The contract of a case's plan (the seed's call takes a case id): what the operator shows while working the case. */
export const getContractOperations = HttpApiEndpoint.get("getContractOperations", "/getContractOperations/:case_id")
  .setPath(Schema.Struct({ case_id: Id }))
  .addSuccess(CaseContractPdf)
  .addError(NotFound)
  .middleware(Staff)

/** The data a plan's contract is made from (Palma's own route, by plan). */
export const getContractData = HttpApiEndpoint.get("getContractData", "/getContractData/:productPlan_id")
  .setPath(Schema.Struct({ productPlan_id: Id }))
  .addSuccess(ContractData)
  .addError(NotFound)
  .middleware(Staff)
