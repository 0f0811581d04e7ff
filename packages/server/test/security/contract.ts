import { HttpApi, type HttpApiGroup, HttpApiMiddleware, HttpApiSchema } from "@effect/platform"
import type { HttpMethod } from "@effect/platform/HttpMethod"
import { type Access, accessOf, CurrentUser, PalmaApi } from "@palma/core"
import { Either, Option, Schema } from "effect"

/**
 * Every endpoint of the contract, read from the HttpApi definition itself
 * (`HttpApi.reflect`), so an endpoint added tomorrow is walked by the security
 * suites without anyone listing it here.
 */
export interface Endpoint {
  /** `group.endpoint`, e.g. `family.create`. */
  readonly id: string
  /** `family.create POST /api/family/create`: what a failing test is named after. */
  readonly label: string
  readonly group: string
  readonly name: string
  readonly method: HttpMethod
  /** The template, e.g. `/api/family/update/:id`. */
  readonly path: string
  /** The path with every parameter filled with a valid value that names nothing (see `fillPath`). */
  readonly url: string
  /** The access middleware's level; null when the endpoint has none (public). */
  readonly access: Access | null
  /**
   * Why this endpoint cannot be classified (an access middleware `accessOf` does not know, two
   * access middlewares, a middleware nobody classified, a path parameter we cannot fill).
   * The suites fail on any of these instead of guessing.
   */
  readonly problems: ReadonlyArray<string>
  /** The payload schema: the server decodes the JSON body (wire/encoded form) with it. */
  readonly payload: Schema.Schema.AnyNoContext | null
  /** The payload is a multipart/form-data upload, not JSON (the jsonOnly allowlist). */
  readonly multipart: boolean
  readonly urlParams: Schema.Schema.AnyNoContext | null
}

/** A syntactically valid v4 UUID that no seeded or created row has. */
export const UNKNOWN_UUID = "7b0c1c5e-9d1a-4f4e-8a53-2f0f3c6d9e41"

/**
 * Values for path parameters that are not UUIDs, keyed `group.endpoint:param`: each valid for its
 * schema and naming nothing (404 at worst). A parameter the UUID does not satisfy makes the
 * endpoint's tests fail, asking for an entry here.
 */
const pathSamples: Readonly<Record<string, string>> = {
  // A valid RUT (módulo 11) no seeded channel has.
  "retail.getByRut:rut": "11111111-1",
  "product.getByRetailRut:rut": "11111111-1",
  "specialist.getByRut:rut": "11111111-1",
  "partner.getByRut:rut": "11111111-1",
  // A real comuna beside the unknown service id: the selection answers 404 for the service.
  "specialist.getByAssistanceAndDistrict:district": "13101",
  "specialist.getNearby:district": "13101",
  "contractor.getByRut:rut": "11111111-1",
  "contractor.getByRut:type": "P",
  // A subscription number no seeded lead has (they count up from 1).
  "contractor.getSubscriptionById:id": "2000000000",
  // A RUT nobody covered has: the original's answer, {type: "C"}.
  "caseIntake.getApplicantByRut:rut": "11111111-1",
  // A day before any known UF: 404 at worst, and never a call to a provider (none is configured).
  "uf.valueOn:date": "2001-02-03",
  // A case number no demo case has (they count up from 1001).
  "case.getByNumber:number": "999999999"
}

/**
 * Middlewares that are deliberately not access checks (none today). Any middleware neither here
 * nor in `accessOf` fails the suites: a new kind of middleware must be classified, not ignored.
 */
const nonAccessMiddlewares: ReadonlySet<string> = new Set()

// reflect hands out endpoints with their type parameters erased to `never`; the schemas are plain,
// context-free Effect schemas, which is what AnyNoContext says.
const erase = (schema: Option.Option<Schema.Schema<never, unknown, never>>): Schema.Schema.AnyNoContext | null =>
  Option.getOrNull(schema) as Schema.Schema.AnyNoContext | null

/** Reflects any HttpApi (the suites use PalmaApi; the classifier's own test feeds it a bad one). */
export const endpointsOf = <Id extends string, Groups extends HttpApiGroup.HttpApiGroup.Any, E, R>(
  api: HttpApi.HttpApi<Id, Groups, E, R>
): ReadonlyArray<Endpoint> => {
  const endpoints: Array<Endpoint> = []
  HttpApi.reflect(api, {
    onGroup: () => {},
    onEndpoint: ({ group, endpoint, middleware }) => {
      const id = `${group.identifier}.${endpoint.name}`
      const problems: Array<string> = []
      const levels: Array<Access> = []
      for (const tag of middleware) {
        const level = accessOf.get(tag.key)
        if (level !== undefined) levels.push(level)
        else if (HttpApiMiddleware.isSecurity(tag) || tag.provides === CurrentUser) {
          problems.push(`${id}: el middleware de acceso ${tag.key} no está en accessOf`)
        } else if (!nonAccessMiddlewares.has(tag.key)) {
          problems.push(`${id}: middleware ${tag.key} sin clasificar (agréguelo a accessOf o a nonAccessMiddlewares)`)
        }
      }
      if (levels.length > 1) problems.push(`${id}: más de un middleware de acceso (${levels.join(", ")})`)

      const pathSchema = erase(endpoint.pathSchema)
      const params: Record<string, string> = {}
      for (const [, param] of endpoint.path.matchAll(/:(\w+)/g)) params[param!] = pathSamples[`${id}:${param}`] ?? UNKNOWN_UUID
      if (pathSchema !== null && Either.isLeft(Schema.decodeUnknownEither(pathSchema)(params))) {
        problems.push(`${id}: los parámetros de ruta ${JSON.stringify(params)} no son válidos; agregue un valor de ejemplo en pathSamples`)
      }
      const url = endpoint.path.replace(/:(\w+)/g, (_, param: string) => encodeURIComponent(params[param]!))

      endpoints.push({
        id,
        label: `${id} ${endpoint.method} ${endpoint.path}`,
        group: group.identifier,
        name: endpoint.name,
        method: endpoint.method,
        path: endpoint.path,
        url,
        access: levels[0] ?? null,
        problems,
        payload: erase(endpoint.payloadSchema),
        multipart: Option.exists(
          endpoint.payloadSchema,
          ({ ast }) => HttpApiSchema.getMultipart(ast) !== undefined || HttpApiSchema.getMultipartStream(ast) !== undefined
        ),
        urlParams: erase(endpoint.urlParamsSchema)
      })
    }
  })
  return endpoints
}

export const endpoints: ReadonlyArray<Endpoint> = endpointsOf(PalmaApi)
