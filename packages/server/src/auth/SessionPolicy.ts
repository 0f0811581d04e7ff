import type { SessionRow } from "./SessionRepo.js"

/** How long a local session lives: at most `absoluteSeconds` after sign-in, and `idleSeconds` after its last refresh. */
export interface SessionLifetimes {
  readonly absoluteSeconds: number
  readonly idleSeconds: number
}

const later = (at: Date, seconds: number) => new Date(at.getTime() + seconds * 1000)
const earliest = (a: Date, b: Date) => (a.getTime() <= b.getTime() ? a : b)

/** A fresh session row for a sign-in at `at`. */
export const newSession = (id: string, userId: string, at: Date, lifetimes: SessionLifetimes): SessionRow => {
  const expiresAt = later(at, lifetimes.absoluteSeconds)
  return {
    id,
    userId,
    createdAt: at,
    lastSeenAt: at,
    expiresAt,
    idleExpiresAt: earliest(expiresAt, later(at, lifetimes.idleSeconds)),
    endedAt: null,
    jobName: null
  }
}

/** A job token's session issued at `at`: named, living `days` days, with no idle limit (a weekly job is not idle). */
export const newJobSession = (id: string, userId: string, at: Date, name: string, days: number): SessionRow => {
  const expiresAt = later(at, days * 86_400)
  return { id, userId, createdAt: at, lastSeenAt: at, expiresAt, idleExpiresAt: expiresAt, endedAt: null, jobName: name }
}

/** Live: not ended, within both limits, and its user not disabled. */
export const isLive = (session: SessionRow & { readonly userDisabled: boolean }, at: Date): boolean =>
  session.endedAt === null && !session.userDisabled && session.expiresAt.getTime() > at.getTime() && session.idleExpiresAt.getTime() > at.getTime()

/** The idle limit after activity at `at`: never past the absolute one; a job token's is the absolute one. */
export const idleExpiryAfter = (session: SessionRow, at: Date, lifetimes: SessionLifetimes): Date =>
  session.jobName !== null ? session.expiresAt : earliest(session.expiresAt, later(at, lifetimes.idleSeconds))

/** When the session ends at the latest, as the session list shows it. */
export const endsAt = (session: SessionRow): Date => earliest(session.expiresAt, session.idleExpiresAt)
