import { Deferred, Effect, FiberId } from "effect"

const signals = ["SIGTERM", "SIGINT"] as const

/**
 * Listens for SIGTERM and SIGINT from now on and answers the first one's effect: it completes on
 * that signal (one sent while the server starts stops it as soon as it is up). A second one while
 * the first is being served means "now": the process leaves at once, with code 1 (what runs is
 * cut; an upload's lease runs out and another process takes it).
 */
export const listenForStop = (): Effect.Effect<NodeJS.Signals> => {
  const stop = Deferred.unsafeMake<NodeJS.Signals>(FiberId.none)
  const onSignal = (signal: NodeJS.Signals) => {
    if (Effect.runSync(Deferred.succeed(stop, signal))) return
    process.stderr.write(`Palma recibió ${signal} otra vez: se cierra sin esperar\n`)
    process.exit(1)
  }
  for (const signal of signals) process.on(signal, onSignal)
  return Deferred.await(stop)
}
