import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { ApplicantLookup, ApplicantLookupQuery } from "../domain/applicant.js"
import { ServicesAndValues, ServicesAndValuesInput } from "../domain/coverage.js"
import { RutPath } from "./retail.js"
import { Staff } from "./security.js"

/**
 * The first two steps of opening a case, at the seed's paths (reference §1.4, §1.5): who the
 * applicant is, and what their plan covers with what they already used. Signed-in operators
 * only, though the original left `getServicesAndValues` open (DESIGN §3).
 */
export const CaseIntakeApi = HttpApiGroup.make("caseIntake")
  .add(
    HttpApiEndpoint.get("getApplicantByRut", "/case/getApplicantByRut/:rut")
      .setPath(RutPath)
      .setUrlParams(ApplicantLookupQuery)
      .addSuccess(ApplicantLookup)
      .middleware(Staff)
  )
  .add(
    HttpApiEndpoint.post("getServicesAndValues", "/case/getServicesAndValues")
      .setPayload(ServicesAndValuesInput)
      .addSuccess(ServicesAndValues)
      .middleware(Staff)
  )
