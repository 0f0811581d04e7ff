import { HttpApiEndpoint } from "@effect/platform"
import { Schema } from "effect"
import { ContractData, ContractPdf } from "../domain/contract.js"
import { Id } from "../domain/fields.js"
import { NotFound } from "./errors.js"
import { IdPath } from "./master.js"
import { Staff } from "./security.js"

/** A plan's contract as a PDF (generated on the server, cached until its inputs change). */
export const getContract = HttpApiEndpoint.get("getContract", "/getContract/:productPlan_id")
  .setPath(Schema.Struct({ productPlan_id: Id }))
  .addSuccess(ContractPdf)
  .addError(NotFound)
  .middleware(Staff)

/** The data a plan's contract is made from; `id` is the plan's. */
export const getContractOperations = HttpApiEndpoint.get("getContractOperations", "/getContractOperations/:id")
  .setPath(IdPath)
  .addSuccess(ContractData)
  .addError(NotFound)
  .middleware(Staff)
