import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { PalmaApi } from "@palma/core/api"
import { CaseIntakeService } from "./CaseIntakeService.js"

/** The `caseIntake` group: the applicant lookup and the coverage step, at the seed's `/case` paths. */
export const CaseIntakeLive = HttpApiBuilder.group(PalmaApi, "caseIntake", (handlers) =>
  Effect.map(CaseIntakeService, (intake) =>
    handlers
      .handle("getApplicantByRut", ({ path, urlParams }) => intake.applicant(path.rut, urlParams.date))
      .handle("getServicesAndValues", ({ payload }) => intake.servicesAndValues(payload))
  )
).pipe(Layer.provide(CaseIntakeService.layer))
