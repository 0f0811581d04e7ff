import { FetchHttpClient, HttpClient, HttpClientResponse } from "@effect/platform"
import { Clock, Context, Duration, Effect, Layer, Option, Ref, Schema } from "effect"
import { type UfRate, ufFromHundredths, ufRate } from "@palma/core/domain"

/** A mindicador-style answer: `{serie: [{fecha, valor}]}`, the day's value first (empty when not published). */
const Answer = Schema.Struct({ serie: Schema.Array(Schema.Struct({ fecha: Schema.String, valor: Schema.Number })) })

/** How long a request may wait on the provider, and how long a failed provider is left alone. */
const TIMEOUT = Duration.seconds(2)
const RETRY_AFTER_MS = 60_000

const ddmmyyyy = (iso: string) => iso.split("-").reverse().join("-")

// The provider writes pesos as a float (39643.59); hundredths are what it meant.
const rateOf = (valor: number): Option.Option<UfRate> =>
  Number.isFinite(valor) && valor > 0 && valor < 1e10 ? Option.some(ufRate(ufFromHundredths(Math.round(valor * 100)))) : Option.none()

const make = (baseUrl: string | undefined) =>
  Effect.gen(function* () {
    const client = yield* HttpClient.HttpClient
    const downUntil = yield* Ref.make(0)

    const ask = (url: string) =>
      client
        .get(url, { headers: { accept: "application/json" } })
        .pipe(
          Effect.flatMap(HttpClientResponse.filterStatusOk),
          Effect.flatMap(HttpClientResponse.schemaBodyJson(Answer)),
          Effect.scoped,
          Effect.timeout(TIMEOUT)
        )

    /**
     * The day's value from the provider, or none: unset, unreachable, slow, malformed, or nothing
     * published for the day. A failure leaves the provider alone for a minute, so an offline
     * server answers at once instead of waiting on every request.
     */
    const valueOn = (date: string): Effect.Effect<Option.Option<UfRate>> =>
      Effect.gen(function* () {
        if (baseUrl === undefined) return Option.none()
        const now = yield* Clock.currentTimeMillis
        if (now < (yield* Ref.get(downUntil))) return Option.none()
        const url = `${baseUrl.replace(/\/+$/, "")}/uf/${ddmmyyyy(date)}`
        return yield* ask(url).pipe(
          Effect.map((answer) => Option.flatMap(Option.fromNullable(answer.serie[0]), (entry) => rateOf(entry.valor))),
          Effect.catchAll((error) =>
            Effect.zipRight(
              Ref.set(downUntil, now + RETRY_AFTER_MS),
              Effect.as(Effect.logWarning("El proveedor de la UF no respondió; se usa el último valor conocido", error._tag), Option.none<UfRate>())
            )
          )
        )
      })

    return { configured: baseUrl !== undefined, valueOn }
  })

/** The configured UF provider (`PALMA_UF_URL`, mindicador-style: `<url>/uf/DD-MM-YYYY`). */
export class UfProvider extends Context.Tag("palma/UfProvider")<UfProvider, Effect.Effect.Success<ReturnType<typeof make>>>() {
  static readonly layerFrom = (env: Readonly<Record<string, string | undefined>>) =>
    Layer.effect(UfProvider, make(env.PALMA_UF_URL?.trim() || undefined)).pipe(Layer.provide(FetchHttpClient.layer))
}
