import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { Effect, Exit, Scope } from "effect"
import { afterEach, describe, expect, it } from "vitest"
import { acquire, DataDirLocked, DataDirUnavailable, lockFileName } from "../../src/sql/DataDirLock.js"

const dirs: Array<string> = []
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "palma-lock-"))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

/** A pid that surely belonged to a process which has since exited. */
const deadPid = (): number => {
  const child = spawnSync(process.execPath, ["-e", ""])
  return child.pid
}

const lockIn = (dataDir: string) =>
  Effect.gen(function* () {
    const scope = yield* Scope.make()
    yield* Scope.extend(acquire(dataDir), scope)
    return scope
  })

describe("DataDirLock", () => {
  it("creates the directory and a lock file with our pid, removed on release", async () => {
    const dataDir = path.join(tempDir(), "nested", "data")
    const file = path.join(dataDir, lockFileName)
    const scope = await Effect.runPromise(lockIn(dataDir))
    expect(fs.readFileSync(file, "utf8").split(" ")[0]).toBe(String(process.pid))
    await Effect.runPromise(Scope.close(scope, Exit.void))
    expect(fs.existsSync(file)).toBe(false)
  })

  it("refuses a second lock on the same directory while the first is held", async () => {
    const dataDir = tempDir()
    const scope = await Effect.runPromise(lockIn(dataDir))
    const error = await Effect.runPromise(Effect.flip(Effect.scoped(acquire(dataDir))))
    expect(error).toBeInstanceOf(DataDirLocked)
    expect(error).toMatchObject({ _tag: "DataDirLocked", dataDir, pid: process.pid })
    expect(error.message).toContain(`El directorio de datos ${dataDir} ya está en uso por otro proceso de Palma`)
    expect(error.message).toContain(`(pid ${process.pid})`)
    expect(error.message).toContain("PALMA_DATA_DIR")
    // The refused attempt must not remove the holder's lock.
    expect(fs.existsSync(path.join(dataDir, lockFileName))).toBe(true)
    await Effect.runPromise(Scope.close(scope, Exit.void))
    await Effect.runPromise(Effect.scoped(acquire(dataDir)))
  })

  it("takes over a stale lock left by a dead process", async () => {
    const dataDir = tempDir()
    const file = path.join(dataDir, lockFileName)
    fs.writeFileSync(file, `${deadPid()}\n`)
    const scope = await Effect.runPromise(lockIn(dataDir))
    expect(fs.readFileSync(file, "utf8").split(" ")[0]).toBe(String(process.pid))
    await Effect.runPromise(Scope.close(scope, Exit.void))
  })

  it.runIf(process.platform === "linux")("takes over a lock whose pid is alive but is another process (a restart that got the dead owner's pid)", async () => {
    const dataDir = tempDir()
    const file = path.join(dataDir, lockFileName)
    // Our own pid with a start time that is not ours: what a container restarted as PID 1 finds.
    fs.writeFileSync(file, `${process.pid} 1\n`)
    const scope = await Effect.runPromise(lockIn(dataDir))
    expect(fs.readFileSync(file, "utf8").trim()).not.toBe(`${process.pid} 1`)
    await Effect.runPromise(Scope.close(scope, Exit.void))
    expect(fs.existsSync(file)).toBe(false)
  })

  it("takes over an empty lock file (crash while writing it)", async () => {
    const dataDir = tempDir()
    fs.writeFileSync(path.join(dataDir, lockFileName), "")
    await Effect.runPromise(Effect.scoped(acquire(dataDir)))
  })

  it("reports a data directory that cannot be created", async () => {
    const notADir = path.join(tempDir(), "file")
    fs.writeFileSync(notADir, "")
    const error = await Effect.runPromise(Effect.flip(Effect.scoped(acquire(notADir))))
    expect(error).toBeInstanceOf(DataDirUnavailable)
  })
})
