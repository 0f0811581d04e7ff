import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { FetchHttpClient } from "@effect/platform"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeCall } from "@palma/core"

// The core client as the CLI uses it. A stand-in for whatever sits in front of the server (a proxy, a crashed handler): it answers
// every request with the status and body given, as no Palma route would.
let server: Server
let answer = { status: 500, body: JSON.stringify({ message: "Internal Server Error" }) }
beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(answer.status, { "content-type": "application/json" })
    res.end(answer.body)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const call = () =>
  makeCall({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, clientId: "test", token: () => undefined }, FetchHttpClient.layer)

describe("a server fault as the client shows it", () => {
  it.each([
    [500, JSON.stringify({ message: "Internal Server Error" })],
    [502, "<html>Bad Gateway</html>"],
    [500, ""],
    [503, JSON.stringify({ message: "Service Unavailable" })],
    [503, "<html>Service Unavailable</html>"]
  ])("%i with %j is the server's problem, not a field of the form", async (status, body) => {
    answer = { status, body }
    const failure = await call()((c) => c.district.listAll()).catch((e: unknown) => e)
    expect(failure).toMatchObject({ status, message: "El servidor tuvo un problema. Intente de nuevo en unos minutos.", issues: [] })
  })
})
