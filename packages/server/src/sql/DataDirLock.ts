/**
 * One Palma process per data directory: PGlite is an embedded database, and two processes writing
 * the same files would corrupt it. The lock is `<dataDir>/palma.lock` holding the owner's pid and,
 * on Linux, the process's start time: a pid alone is reused (a container restarted on the same
 * volume is PID 1 again), so a lock whose pid is alive but started at another time is stale.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { Data, Effect, type Scope } from "effect"

export class DataDirLocked extends Data.TaggedError("DataDirLocked")<{
  readonly dataDir: string
  readonly pid: number
}> {
  override get message(): string {
    return (
      `El directorio de datos ${this.dataDir} ya está en uso por otro proceso de Palma (pid ${this.pid}). ` +
      `Deténgalo o use otro PALMA_DATA_DIR. / The data directory ${this.dataDir} is already in use by ` +
      `another Palma process (pid ${this.pid}). Stop it or use another PALMA_DATA_DIR.`
    )
  }
}

export class DataDirUnavailable extends Data.TaggedError("DataDirUnavailable")<{
  readonly dataDir: string
  readonly cause: unknown
}> {
  override get message(): string {
    return `No se puede usar el directorio de datos ${this.dataDir} (${String(this.cause)}). / ` + `Cannot use the data directory ${this.dataDir}.`
  }
}

export const lockFileName = "palma.lock"

interface Owner {
  readonly pid: number
  /** Clock ticks since boot when the process started (Linux `/proc/<pid>/stat`), if known. */
  readonly started: string | undefined
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0) // signal 0 only checks that the process exists
    return true
  } catch (error) {
    // EPERM: it exists but belongs to another user, still a live owner.
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}

/** A process's start time on Linux; undefined elsewhere or when it is gone. */
const startedAt = (pid: number): string | undefined => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8")
    // Field 22, counted after the command name, which is in parentheses and may hold spaces.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]
  } catch {
    return undefined
  }
}

const self = (): Owner => ({ pid: process.pid, started: startedAt(process.pid) })

/** The owner in an existing lock file; undefined when it is gone, empty or garbled (a crashed writer). */
const readOwner = (file: string): Owner | undefined => {
  try {
    const [pidText, started] = fs.readFileSync(file, "utf8").trim().split(/\s+/)
    const pid = Number.parseInt(pidText ?? "", 10)
    return Number.isInteger(pid) && pid > 0 ? { pid, started: started || undefined } : undefined
  } catch {
    return undefined
  }
}

/** Whether the process that wrote the lock still runs: same pid, and the same start time where known. */
const holds = (owner: Owner): boolean => {
  if (!isAlive(owner.pid)) return false
  const started = startedAt(owner.pid)
  return owner.started === undefined || started === undefined || owner.started === started
}

const write = (file: string) => {
  const me = self()
  fs.writeFileSync(file, `${me.pid} ${me.started ?? ""}\n`, { flag: "wx" })
}

/**
 * Creates the lock atomically ('wx' fails if the file exists). Returns undefined once we hold it,
 * or the pid of the live process that does (this one included: one server per data directory).
 */
const tryLock = (file: string): number | undefined => {
  try {
    write(file)
    return undefined
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error
  }
  const owner = readOwner(file)
  if (owner !== undefined && holds(owner)) return owner.pid
  // Stale lock from a process that died without releasing it: take it over. Two processes taking
  // over the same stale lock at the same instant is not covered (needs OS file locks).
  fs.rmSync(file, { force: true })
  write(file)
  return undefined
}

const release = (file: string): void => {
  // Only remove our own lock: never one a later process took over.
  const owner = readOwner(file)
  const me = self()
  if (owner?.pid === me.pid && owner.started === me.started) fs.rmSync(file, { force: true })
}

/**
 * Creates `dataDir` if missing and locks it for the lifetime of the scope.
 * The same process asking twice is refused too: one server per data directory.
 */
export const acquire = (dataDir: string): Effect.Effect<void, DataDirLocked | DataDirUnavailable, Scope.Scope> => {
  const file = path.join(dataDir, lockFileName)
  return Effect.acquireRelease(
    Effect.try({
      try: () => {
        fs.mkdirSync(dataDir, { recursive: true })
        return tryLock(file)
      },
      catch: (cause) => new DataDirUnavailable({ dataDir, cause })
    }).pipe(Effect.flatMap((owner) => (owner === undefined ? Effect.void : Effect.fail(new DataDirLocked({ dataDir, pid: owner }))))),
    () => Effect.sync(() => release(file))
  )
}
