import { HttpApi, HttpApiBuilder, HttpApiEndpoint, HttpApiGroup, HttpServer } from "@effect/platform"
import { Effect, Layer, Schema } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { BadRequest, Conflict, NotFound, PreconditionFailed, staleVersionMessage } from "@palma/core/api"
import { Clash, Invalid, Missing } from "../../src/domain/errors.js"
import { checkVersion } from "../../src/domain/version.js"
import { served } from "../../src/http/domainErrors.js"

/**
 * A service fails with its own errors; the group that takes it through `served` answers the
 * contract's, with no mapping of its own: a `Stale` from the service's version rule is a 412 with
 * the Spanish message every record shares.
 */
const group = HttpApiGroup.make("records")
  .add(
    HttpApiEndpoint.put("save", "/save/:version")
      .setPath(Schema.Struct({ version: Schema.NumberFromString }))
      .addSuccess(Schema.String)
  )
  .add(
    HttpApiEndpoint.get("fail", "/fail/:what")
      .setPath(Schema.Struct({ what: Schema.String }))
      .addSuccess(Schema.String)
  )
  .addError(PreconditionFailed)
  .addError(NotFound)
  .addError(Conflict)
  .addError(BadRequest)
const api = HttpApi.make("test").add(group)

// The stored row is at version 3; the client names the version it read.
const service = {
  save: (named: number) => Effect.as(checkVersion(Effect.succeedSome(3), [named]), "guardado"),
  fail: (what: string) =>
    what === "missing"
      ? Effect.fail(new Missing({ message: "No se encontró el registro" }))
      : what === "clash"
        ? Effect.fail(new Clash({ message: "Ya existe" }))
        : Effect.fail(new Invalid({ message: "name: Falta", issues: [{ path: ["name"], message: "Falta" }] }))
}

const RecordsLive = HttpApiBuilder.group(api, "records", (handlers) =>
  Effect.sync(() => {
    const records = served(service)
    return handlers.handle("save", ({ path }) => records.save(path.version)).handle("fail", ({ path }) => records.fail(path.what))
  })
)

const { handler, dispose } = HttpApiBuilder.toWebHandler(Layer.mergeAll(HttpApiBuilder.api(api).pipe(Layer.provide(RecordsLive)), HttpServer.layerContext))
afterAll(() => dispose())

const call = async (method: string, path: string) => {
  const response = await handler(new Request(`http://palma.test${path}`, { method }))
  return { status: response.status, body: await response.json() }
}

describe("a service's own errors over HTTP", () => {
  it("a Stale from the service reaches the client as 412 with the shared Spanish message", async () => {
    expect(await call("PUT", "/save/2")).toEqual({ status: 412, body: { _tag: "PreconditionFailed", message: staleVersionMessage } })
    expect(staleVersionMessage).toBe("Otro usuario modificó este registro. Recargue para ver los cambios.")
  })

  it("the version the row has passes", async () => {
    expect(await call("PUT", "/save/3")).toEqual({ status: 200, body: "guardado" })
  })

  it("Missing, Clash and Invalid are 404, 409 and 400 with their messages (and fields)", async () => {
    expect(await call("GET", "/fail/missing")).toEqual({ status: 404, body: { _tag: "NotFound", message: "No se encontró el registro" } })
    expect(await call("GET", "/fail/clash")).toEqual({ status: 409, body: { _tag: "Conflict", message: "Ya existe" } })
    expect(await call("GET", "/fail/invalid")).toEqual({
      status: 400,
      body: { _tag: "BadRequest", message: "name: Falta", issues: [{ path: ["name"], message: "Falta" }] }
    })
  })
})
