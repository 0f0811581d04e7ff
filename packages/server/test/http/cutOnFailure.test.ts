import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { HttpRouter, HttpServer, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { NodeHttpServer } from "@effect/platform-node"
import { Effect, Fiber, Layer, Stream } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { cutOnFailure } from "../../src/http/cutOnFailure.js"

const firstPart = new Uint8Array(64 * 1024).fill(7)
const body = (fails: boolean) => Stream.concat(Stream.make(firstPart), fails ? Stream.fail("la escritura se detuvo") : Stream.make(new Uint8Array([1, 2, 3])))

/** A Node HTTP server of the platform, with a body that fails after its first 64 KB (`/fails`) or not (`/whole`). */
const app = HttpRouter.empty.pipe(
  HttpRouter.get(
    "/fails",
    Effect.map(HttpServerRequest.HttpServerRequest, (request) => HttpServerResponse.stream(cutOnFailure(request, body(true))))
  ),
  HttpRouter.get(
    "/whole",
    Effect.map(HttpServerRequest.HttpServerRequest, (request) => HttpServerResponse.stream(cutOnFailure(request, body(false))))
  )
)

let url = ""
let close = () => Promise.resolve()
beforeAll(async () => {
  const server = createServer()
  const layer = HttpServer.serve(app).pipe(Layer.provide(NodeHttpServer.layer(() => server, { port: 0, host: "127.0.0.1" })))
  const fiber = Effect.runFork(Layer.launch(layer))
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once("listening", () => resolve())))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  close = () => Effect.runPromise(Fiber.interrupt(fiber)).then(() => undefined)
})
afterAll(() => close())

describe("a streamed body that fails midway", () => {
  it("cuts the connection, so the client never takes the bytes so far for the whole body", async () => {
    const response = await fetch(`${url}/fails`)
    expect(response.status).toBe(200)
    await expect(response.arrayBuffer()).rejects.toThrow()
  })

  it("leaves a body that does not fail whole", async () => {
    const response = await fetch(`${url}/whole`)
    expect(new Uint8Array(await response.arrayBuffer())).toHaveLength(firstPart.length + 3)
  })
})
