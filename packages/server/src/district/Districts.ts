import { Context, Effect, Layer } from "effect"
import { type District, isDistrictCode, normalizeDistrictName, type Region } from "@palma/core/domain"
import { Invalid } from "../domain/errors.js"
import { DistrictRepo } from "./DistrictRepo.js"
import { districtNotListed } from "../domain/messages.js"

export interface DistrictsShape {
  /**
   * The CUT code of a comuna given by code or by name (accents, case and spacing ignored);
   * null stays null. Unknown → Invalid, in Spanish, on `field`.
   */
  readonly resolve: (ref: string | null, field?: ReadonlyArray<string | number>) => Effect.Effect<string | null, Invalid>
  /** The comuna's name for a stored code ("" when the code is unknown or null). */
  readonly nameOf: (code: string | null) => Effect.Effect<string>
  /** Every comuna, sorted by name in Spanish. */
  readonly all: Effect.Effect<ReadonlyArray<District>>
  readonly regions: Effect.Effect<ReadonlyArray<Region>>
}

/** Chile's official comunas, read once per process: they change only with the official list. */
export class Districts extends Context.Tag("palma/Districts")<Districts, DistrictsShape>() {
  static readonly layer = Layer.effect(
    Districts,
    Effect.gen(function* () {
      const repo = yield* DistrictRepo
      const table = yield* Effect.cached(
        Effect.map(repo.names, (rows) => ({
          byCode: new Map(rows.map((r) => [r.id, r.name])),
          byName: new Map(rows.map((r) => [normalizeDistrictName(r.name), r.id]))
        }))
      )
      const all = yield* Effect.cached(Effect.map(repo.listed, (rows) => [...rows].sort((a, b) => a.district_name.localeCompare(b.district_name, "es-CL"))))
      const regions = yield* Effect.cached(repo.regions)
      return {
        all,
        regions,
        resolve: (ref, field = ["district"]) =>
          ref === null
            ? Effect.succeed(null)
            : Effect.flatMap(table, ({ byCode, byName }) => {
                const code = isDistrictCode(ref) ? (byCode.has(ref) ? ref : undefined) : byName.get(normalizeDistrictName(ref))
                if (code !== undefined) return Effect.succeed(code)
                const message = districtNotListed
                return Effect.fail(new Invalid({ message: `${field.join(".")}: ${message}`, issues: [{ path: field, message }] }))
              }),
        nameOf: (code) => (code === null ? Effect.succeed("") : Effect.map(table, ({ byCode }) => byCode.get(code) ?? ""))
      }
    })
  ).pipe(Layer.provide(DistrictRepo.layer))
}
