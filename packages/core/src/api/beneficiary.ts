import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { BeneficiaryRecord, BeneficiaryUpsertInput } from "../domain/personRecord.js"
import { NotFound, PreconditionFailed } from "./errors.js"
import { IdPath } from "./master.js"
import { Staff } from "./security.js"

/** Cargas: the upsert by RUT that cases make; Palma's own read by id (ETag) and edit by id (`If-Match`) for the contractor screens. */
export const BeneficiaryApi = HttpApiGroup.make("beneficiary")
  .add(HttpApiEndpoint.post("upsert", "/upsert").setPayload(BeneficiaryUpsertInput).addSuccess(BeneficiaryRecord).middleware(Staff))
  .add(HttpApiEndpoint.get("getById", "/getById/:id").setPath(IdPath).addSuccess(BeneficiaryRecord).addError(NotFound).middleware(Staff))
  .add(
    HttpApiEndpoint.put("update", "/update/:id")
      .setPath(IdPath)
      .setPayload(BeneficiaryUpsertInput)
      .addSuccess(BeneficiaryRecord)
      .addError(NotFound)
      .addError(PreconditionFailed)
      .middleware(Staff)
  )
  .prefix("/beneficiary")
