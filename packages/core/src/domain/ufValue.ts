import { Schema } from "effect"
import { Choice } from "./common.js"
import { IsoDate, Payload } from "./fields.js"
import { UfRate, ufToHundredths } from "./money.js"

/** Where a day's UF came from: the configured provider, an admin, or the offline demo series. */
export const UfSource = Choice(["provider", "admin", "demo"], "Origen de la UF inválido: provider, admin o demo")
export type UfSource = typeof UfSource.Type

/** What a screen adds after a UF rate from the demo series, so nobody takes it for the real one. */
export const ufSourceNote = (source: UfSource): string => (source === "demo" ? " (serie de demostración)" : "")

/**
 * The UF of a day as the server answers it. `stale` means the day's own value is not known (the
 * provider is unreachable or unset) and `date` is the earlier day whose value is given instead.
 */
export const UfValue = Schema.Struct({
  requested: IsoDate,
  date: IsoDate,
  value: UfRate,
  source: UfSource,
  stale: Schema.Boolean
})
export type UfValue = typeof UfValue.Type

export const UfDatePath = Schema.Struct({ date: IsoDate })

const PositiveRate = UfRate.pipe(Schema.filter((rate) => ufToHundredths(rate) > 0 || "El valor de la UF debe ser mayor que cero"))

/** One day's value as an admin enters it. */
export const UfEntry = Payload({ date: IsoDate, value: PositiveRate })
export type UfEntry = typeof UfEntry.Type

/** `PUT /api/uf`: values an admin enters or imports; each replaces what that day had. */
export const UfEntriesInput = Payload({
  values: Schema.Array(UfEntry).pipe(
    Schema.minItems(1, { message: () => "Ingrese al menos un valor" }),
    Schema.maxItems(1000, { message: () => "Como máximo 1000 valores por vez" }),
    Schema.filter((entries) => new Set(entries.map((e) => e.date)).size === entries.length || "Hay fechas repetidas")
  )
})
export type UfEntriesInput = typeof UfEntriesInput.Type

export const UfEntriesSaved = Schema.Struct({ saved: Schema.Number })
