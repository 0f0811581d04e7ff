import { connect, type Socket } from "node:net"
import { expect, it } from "vitest"
import { startServer } from "../support/startServer.js"

/** A connection that sent half a request: to Node's server, busy until its headers end. */
const halfRequest = (url: string) =>
  new Promise<Socket>((resolve, reject) => {
    const { hostname, port } = new URL(url)
    const socket = connect(Number(port), hostname, () => {
      socket.write(`GET /healthz HTTP/1.1\r\nHost: ${hostname}\r\n`)
      resolve(socket)
    })
    socket.on("error", reject)
  })

it("a stopping server cuts the connections still open instead of waiting for them", async () => {
  const server = await startServer()
  const socket = await halfRequest(server.url)
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()))
  // Without the cut, the platform's close waits for this connection: until Node's header timeout
  // (60 s) for this one, the whole keep-alive (65 s) for a follower's stream aborted through fetch.
  await server.stop()
  await closed
  expect(socket.destroyed).toBe(true)
  // Node itself lets the connection go after 60 s: a hang of half that is the wait this test is about.
}, 30_000)
