import { randomBytes, scrypt, timingSafeEqual } from "node:crypto"
import { availableParallelism } from "node:os"
import { Effect } from "effect"

/**
 * Password hashes for local-mode users: scrypt (N=16384, r=8, p=1, 64-byte key, 16-byte random
 * salt), stored self-describing as `scrypt$N$r$p$saltB64$hashB64` so the cost can be raised later
 * without breaking existing hashes. Passwords are NFKC-normalized first, so the same password typed
 * on another keyboard or OS (composed vs decomposed accents) still matches.
 */

const COST = { N: 16384, r: 8, p: 1 } as const
const KEY_LENGTH = 64
const SALT_LENGTH = 16

/** Bounds for parameters read back from storage, so a tampered row cannot make verify exhaust memory. */
const MAX_N = 1 << 20
const MAX_R = 32
const MAX_P = 16

interface Cost {
  readonly N: number
  readonly r: number
  readonly p: number
}

/**
 * Hashes running at once in this process: half the cores, at least one. scrypt is CPU- and
 * memory-bound; unbounded, a flood of sign-ins takes every core and every read waits behind it.
 */
const hashing = Effect.unsafeMakeSemaphore(Math.max(1, Math.floor(availableParallelism() / 2)))

/**
 * Runs `effect` holding one hashing permit. Sign-in runs its throttle check, `verify` and the
 * failure count inside one, so attempts queued behind a flood see the lock the flood just set.
 */
export const withHashingPermit = hashing.withPermits(1)

const derive = (password: string, salt: Buffer, cost: Cost, keyLength: number): Effect.Effect<Buffer> =>
  Effect.async((resume) => {
    // scrypt needs 128·N·r bytes; node's default cap (32 MiB) would refuse the upper bounds above.
    const maxmem = 256 * cost.N * cost.r
    scrypt(password.normalize("NFKC"), salt, keyLength, { ...cost, maxmem }, (error, key) => resume(error ? Effect.die(error) : Effect.succeed(key)))
  })

/** A new stored hash; holds a hashing permit. */
export const hash = (password: string): Effect.Effect<string> =>
  withHashingPermit(
    Effect.suspend(() => {
      const salt = randomBytes(SALT_LENGTH)
      return Effect.map(
        derive(password, salt, COST, KEY_LENGTH),
        (key) => `scrypt$${COST.N}$${COST.r}$${COST.p}$${salt.toString("base64")}$${key.toString("base64")}`
      )
    })
  )

interface Parsed {
  readonly cost: Cost
  readonly salt: Buffer
  readonly key: Buffer
}

const whole = (text: string | undefined, max: number): number | undefined =>
  text !== undefined && /^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= max ? Number(text) : undefined

const parse = (stored: string): Parsed | undefined => {
  const parts = stored.split("$")
  if (parts.length !== 6 || parts[0] !== "scrypt") return undefined
  const [, n, r, p, salt = "", key = ""] = parts
  const N = whole(n, MAX_N)
  const R = whole(r, MAX_R)
  const P = whole(p, MAX_P)
  // scrypt requires N to be a power of two greater than 1.
  if (N === undefined || N < 2 || (N & (N - 1)) !== 0 || R === undefined || P === undefined) return undefined
  const keyBytes = Buffer.from(key, "base64")
  return keyBytes.length === 0 ? undefined : { cost: { N, r: R, p: P }, salt: Buffer.from(salt, "base64"), key: keyBytes }
}

/**
 * A stored hash that does not parse is corrupt data, not a wrong password: it dies loudly. Takes
 * no permit of its own: sign-in calls it inside `withHashingPermit`.
 */
export const verify = (password: string, stored: string): Effect.Effect<boolean> =>
  Effect.suspend(() => {
    const parsed = parse(stored)
    if (parsed === undefined) return Effect.dieMessage("Stored password hash is not a valid scrypt hash")
    return Effect.map(derive(password, parsed.salt, parsed.cost, parsed.key.length), (key) => timingSafeEqual(key, parsed.key))
  })

/** Random salt and key in the stored format, costed like `hash`: no password matches it. */
const DUMMY_HASH = "scrypt$16384$8$1$5qc+VHsM0f3rG2Q5xRtFqg==$S3vJ8QQ9mJrYB1tq0fLk2wF0o8L2QeVQ9xgYx0Kc8gD7u0q8r9aB0s2Yx1fP6kV8Qy7Tz3nL4mW5jH6gR2dE1A=="

/**
 * For sign-in with an unknown email: does the same scrypt work as `verify` and answers false, so
 * response time does not reveal which emails have accounts.
 */
export const dummyVerify = (password: string): Effect.Effect<false> => Effect.as(verify(password, DUMMY_HASH), false)
