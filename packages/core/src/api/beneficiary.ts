import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { BeneficiaryRecord, BeneficiaryUpsertInput } from "../domain/personRecord.js"
import { Staff } from "./security.js"

/** Cargas: the upsert by RUT that cases and the contractor screens make. */
export const BeneficiaryApi = HttpApiGroup.make("beneficiary")
  .add(HttpApiEndpoint.post("upsert", "/upsert").setPayload(BeneficiaryUpsertInput).addSuccess(BeneficiaryRecord).middleware(Staff))
  .prefix("/beneficiary")
