import { describe, expect, it } from "vitest"
import { initialTransition, transition, type SnapshotFrom } from "xstate"
import { authMachine } from "../../src/machines/auth.js"
import { actionTypes, done, failed, session } from "./fixtures.js"

type Snap = SnapshotFrom<typeof authMachine>
type Ev = Parameters<typeof transition<typeof authMachine>>[2]

const start = () => initialTransition(authMachine)[0]
const step = (s: Snap, e: Ev) => transition(authMachine, s, e)
const run = (...events: Ev[]) => events.reduce<Snap>((s, e) => step(s, e)[0], start())

const spawned = (actions: ReadonlyArray<{ type: string; params?: unknown }>) =>
  actions.filter((a) => a.type === "xstate.spawnChild").map((a) => a.params as { src: string; id: string; input: unknown })

const signIn = { type: "SIGN_IN", email: "ana@palma.cl", password: "secreto" } as const

describe("auth machine (pure transitions)", () => {
  it("starts loading the session, invoking loadSession, with an empty context", () => {
    const [s, actions] = initialTransition(authMachine)
    expect(s.value).toBe("loading")
    expect(s.context).toEqual({ session: null, error: null, failure: null, notice: null })
    expect(spawned(actions)).toEqual([expect.objectContaining({ id: "loadSession", src: "loadSession" })])
  })

  it("a loaded session with an organization → signedIn.withOrganization", () => {
    const sess = session()
    const s = run(done("loadSession", sess))
    expect(s.value).toEqual({ signedIn: "withOrganization" })
    expect(s.context).toEqual({ session: sess, error: null, failure: null, notice: null })
    expect(s.matches({ signedIn: "withOrganization" })).toBe(true)
  })

  it("a loaded session without an organization → signedIn.withoutOrganization", () => {
    const sess = session({ orgId: null, orgRole: null, orgSlug: null, orgPermissions: [] })
    const s = run(done("loadSession", sess))
    expect(s.value).toEqual({ signedIn: "withoutOrganization" })
    expect(s.context.session).toEqual(sess)
  })

  it("no session (null) → signedOut with no error", () => {
    const s = run(done("loadSession", null))
    expect(s.value).toBe("signedOut")
    expect(s.context).toEqual({ session: null, error: null, failure: null, notice: null })
  })

  it("a failed load → signedOut with the error's message", () => {
    const s = run(failed("loadSession", new Error("Sin conexión")))
    expect(s.value).toBe("signedOut")
    expect(s.context).toEqual({ session: null, error: "Sin conexión", failure: expect.objectContaining({ message: "Sin conexión" }), notice: null })
  })

  it("a failed load without a message → signedOut with the generic Spanish message", () => {
    const s = run(failed("loadSession", "kaput"))
    expect(s.context.error).toBe("No se pudo completar la operación")
  })

  it("the initial load does not tell the host the session changed", () => {
    const [, actions] = step(start(), done("loadSession", session()))
    expect(actionTypes(actions)).not.toContain("sessionChanged")
  })

  it("ignores done events of actors it is not running", () => {
    const s0 = start()
    const [s] = step(s0, done("reloadSession", session()))
    expect(s.value).toBe("loading")
    const [s2] = step(s0, done("signIn"))
    expect(s2.value).toBe("loading")
  })

  it("SIGN_IN → signingIn, invoking signIn with the credentials", () => {
    const out = run(done("loadSession", null))
    const [s, actions] = step(out, signIn)
    expect(s.value).toBe("signingIn")
    expect(spawned(actions)).toEqual([expect.objectContaining({ id: "signIn", src: "signIn", input: { email: "ana@palma.cl", password: "secreto" } })])
  })

  it("SIGN_IN clears a previous error on entry", () => {
    const out = run(failed("loadSession", new Error("Sin conexión")))
    expect(out.context.error).toBe("Sin conexión")
    expect(step(out, signIn)[0].context.error).toBeNull()
  })

  it("sign-in done → reloading (reloadSession) → signedIn, telling the host", () => {
    const sess = session()
    const signingIn = run(done("loadSession", null), signIn)
    const [reloading, a1] = step(signingIn, done("signIn"))
    expect(reloading.value).toBe("reloading")
    expect(spawned(a1)).toEqual([expect.objectContaining({ id: "reloadSession", src: "loadSession" })])
    const [signedIn, a2] = step(reloading, done("reloadSession", sess))
    expect(signedIn.value).toEqual({ signedIn: "withOrganization" })
    expect(signedIn.context).toEqual({ session: sess, error: null, failure: null, notice: null })
    expect(actionTypes(a2)).toContain("sessionChanged")
  })

  it("sign-in error → signedOut with the error message", () => {
    const s = run(done("loadSession", null), signIn, failed("signIn", { message: "Correo o contraseña incorrectos" }))
    expect(s.value).toBe("signedOut")
    expect(s.context).toEqual({
      session: null,
      error: "Correo o contraseña incorrectos",
      failure: expect.objectContaining({ message: "Correo o contraseña incorrectos" }),
      notice: null
    })
  })

  it("SIGN_UP → signingUp with the details → signedOut with the server's message (no session: sign in next)", () => {
    const out = run(done("loadSession", null))
    const [s, actions] = step(out, { type: "SIGN_UP", email: "b@palma.cl", password: "x", fullName: "Berta" })
    expect(s.value).toBe("signingUp")
    expect(spawned(actions)[0]).toMatchObject({ id: "signUp", input: { email: "b@palma.cl", password: "x", fullName: "Berta" } })
    const [accepted, after] = step(s, done("signUp", "Inicie sesión con su correo y su contraseña."))
    expect(accepted.value).toBe("signedOut")
    expect(accepted.context).toEqual({ session: null, error: null, failure: null, notice: "Inicie sesión con su correo y su contraseña." })
    expect(spawned(after)).toEqual([])
    // The next sign-in starts without it.
    expect(step(accepted, signIn)[0].context.notice).toBeNull()
    const rejected = step(s, failed("signUp", new Error("Correo ya registrado")))[0]
    expect(rejected.value).toBe("signedOut")
    expect(rejected.context.error).toBe("Correo ya registrado")
  })

  it("SIGN_OUT → signingOut → signedOut, clearing the session and telling the host", () => {
    const signedIn = run(done("loadSession", session()))
    const [signingOut, a1] = step(signedIn, { type: "SIGN_OUT" })
    expect(signingOut.value).toBe("signingOut")
    expect(spawned(a1)).toEqual([expect.objectContaining({ id: "signOut", src: "signOut" })])
    expect(actionTypes(a1)).not.toContain("sessionChanged")
    const [out, a2] = step(signingOut, done("signOut"))
    expect(out.value).toBe("signedOut")
    expect(out.context).toEqual({ session: null, error: null, failure: null, notice: null })
    expect(actionTypes(a2)).toContain("sessionChanged")
  })

  it("a failed sign-out stays signed in with the error", () => {
    const sess = session()
    const s = run(done("loadSession", sess), { type: "SIGN_OUT" }, failed("signOut", new Error("Sin conexión")))
    expect(s.value).toEqual({ signedIn: "withOrganization" })
    expect(s.context).toEqual({ session: sess, error: "Sin conexión", failure: expect.objectContaining({ message: "Sin conexión" }), notice: null })
  })

  it("SESSION_CHANGED from signedIn → reloading; a session without organization lands in withoutOrganization", () => {
    const signedIn = run(done("loadSession", session()))
    const [reloading, a1] = step(signedIn, { type: "SESSION_CHANGED" })
    expect(reloading.value).toBe("reloading")
    expect(spawned(a1)).toEqual([expect.objectContaining({ id: "reloadSession" })])
    const noOrg = session({ orgId: null, orgRole: null, orgSlug: null, orgPermissions: [] })
    const [s, a2] = step(reloading, done("reloadSession", noOrg))
    expect(s.value).toEqual({ signedIn: "withoutOrganization" })
    expect(actionTypes(a2)).toContain("sessionChanged")
  })

  it("SESSION_CHANGED to no session → signedOut, telling the host", () => {
    const [s, actions] = step(run(done("loadSession", session()), { type: "SESSION_CHANGED" }), done("reloadSession", null))
    expect(s.value).toBe("signedOut")
    expect(s.context.session).toBeNull()
    expect(actionTypes(actions)).toContain("sessionChanged")
  })

  it("a failed reload → signedOut with the message, telling the host", () => {
    const [s, actions] = step(run(done("loadSession", session()), { type: "SESSION_CHANGED" }), failed("reloadSession", new Error("Token vencido")))
    expect(s.value).toBe("signedOut")
    expect(s.context).toEqual({ session: null, error: "Token vencido", failure: expect.objectContaining({ message: "Token vencido" }), notice: null })
    expect(actionTypes(actions)).toContain("sessionChanged")
  })

  it("SESSION_CHANGED from signedOut → reloading", () => {
    expect(run(done("loadSession", null), { type: "SESSION_CHANGED" }).value).toBe("reloading")
  })

  it("ignores SIGN_OUT when signed out and SIGN_IN when signed in", () => {
    const out = run(done("loadSession", null))
    expect(step(out, { type: "SIGN_OUT" })[0].value).toBe("signedOut")
    const sess = session()
    const signedIn = run(done("loadSession", sess))
    const [s] = step(signedIn, signIn)
    expect(s.value).toEqual({ signedIn: "withOrganization" })
    expect(s.context.session).toEqual(sess)
  })

  it("the host's sessionChanged implementation is the one run", () => {
    const calls: string[] = []
    const machine = authMachine.provide({ actions: { sessionChanged: () => void calls.push("changed") } })
    const [s0] = initialTransition(machine)
    const [s1] = transition(machine, s0, done("loadSession", session()))
    const [s2] = transition(machine, s1, { type: "SIGN_OUT" })
    const [, actions] = transition(machine, s2, done("signOut"))
    expect(calls).toEqual([]) // pure: nothing ran yet
    const changed = actions.find((a) => a.type === "sessionChanged") as unknown as
      { exec: (info: unknown, params: unknown) => void; info: unknown; params: unknown } | undefined
    expect(changed).toBeDefined()
    changed!.exec(changed!.info, changed!.params)
    expect(calls).toEqual(["changed"])
  })
})
