import { MantineProvider } from "@mantine/core"
import { type Check, has, InvalidCheck, type Session } from "@palma/core"
import { render, screen } from "@testing-library/react"
import { Component, type ReactNode } from "react"
import { createMemoryRouter, RouterProvider } from "react-router"
import { describe, expect, it, vi } from "vitest"
import type { AuthAdapter } from "../../src/features/auth/AuthAdapter"
import { AuthProvider } from "../../src/features/auth/AuthProvider"
import { Protect, useHas } from "../../src/lib/auth/Protect"

/** A signed-in admin's session, as the server's `me` describes one; no organization active. */
const withoutOrg: Session = {
  userId: "user_1",
  user: {
    id: "user_1",
    fullName: "Ana Administradora",
    firstName: "Ana",
    lastName: "Administradora",
    email: "admin@palma.cl",
    publicMetadata: { roles: { operaciones: "admin" } }
  },
  sessionId: "sess_1",
  orgId: null,
  orgRole: null,
  orgSlug: null,
  orgPermissions: [],
  actor: null
}
const inOrg = (orgRole: string, orgPermissions: string[] = []): Session => ({
  ...withoutOrg,
  orgId: "org_1",
  orgRole,
  orgSlug: "palma",
  orgPermissions
})

const adapterWith = (load: () => Promise<Session | null>): AuthAdapter => ({
  loadSession: load,
  signIn: async () => {},
  signUp: async () => "",
  signOut: async () => {},
  watch: () => () => {}
})

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null }
  static getDerivedStateFromError(error: Error) {
    return { error }
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children
  }
}

/** Renders `ui` with the auth machine holding `session` (or still loading it). */
const renderWith = (session: Session | null | "loading", ui: ReactNode) => {
  const load = session === "loading" ? () => new Promise<never>(() => {}) : async () => session
  const router = createMemoryRouter([
    {
      path: "/",
      element: (
        <AuthProvider adapter={adapterWith(load)}>
          <Boundary>{ui}</Boundary>
        </AuthProvider>
      )
    }
  ])
  return render(
    <MantineProvider env="test">
      <RouterProvider router={router} />
    </MantineProvider>
  )
}

const HasProbe = ({ check }: { check: Check }) => {
  const check_ = useHas()
  return <p>{check_(check) ? "sí" : "no"}</p>
}

describe("has() from core", () => {
  it("needs a role or a permission", () => {
    expect(() => has(inOrg("org:admin"), {})).toThrow(InvalidCheck)
    expect(() => has(null, {})).toThrow("has() necesita un rol o un permiso")
  })

  it("is false unless signed in with an active organization", () => {
    expect(has(null, { role: "org:admin" })).toBe(false)
    expect(has(withoutOrg, { role: "org:admin" })).toBe(false)
    expect(has(withoutOrg, { permission: "org:cases:read" })).toBe(false)
  })

  it("compares the organization role or looks up the permission", () => {
    expect(has(inOrg("org:admin"), { role: "org:admin" })).toBe(true)
    expect(has(inOrg("org:member"), { role: "org:admin" })).toBe(false)
    expect(has(inOrg("org:member", ["org:cases:read"]), { permission: "org:cases:read" })).toBe(true)
    expect(has(inOrg("org:member", ["org:cases:read"]), { permission: "org:cases:write" })).toBe(false)
  })
})

describe("useHas", () => {
  it("checks the current session", async () => {
    renderWith(inOrg("org:admin"), <HasProbe check={{ role: "org:admin" }} />)
    expect(await screen.findByText("sí")).toBeInTheDocument()
  })

  it("is false without an active organization", async () => {
    renderWith(withoutOrg, <HasProbe check={{ role: "org:admin" }} />)
    expect(await screen.findByText("no")).toBeInTheDocument()
  })
})

describe("<Protect>", () => {
  const fallback = <p>Sin permiso</p>

  it("renders its children when the organization role matches", async () => {
    renderWith(
      inOrg("org:admin"),
      <Protect role="org:admin" fallback={fallback}>
        <p>Contenido protegido</p>
      </Protect>
    )
    expect(await screen.findByText("Contenido protegido")).toBeInTheDocument()
    expect(screen.queryByText("Sin permiso")).not.toBeInTheDocument()
  })

  it("renders its children when the member has the permission", async () => {
    renderWith(
      inOrg("org:member", ["org:cases:export"]),
      <Protect permission="org:cases:export" fallback={fallback}>
        <p>Exportar</p>
      </Protect>
    )
    expect(await screen.findByText("Exportar")).toBeInTheDocument()
  })

  it("renders the fallback for another role, without an organization, or signed out", async () => {
    for (const session of [inOrg("org:member"), withoutOrg, null]) {
      const view = renderWith(
        session,
        <Protect role="org:admin" fallback={fallback}>
          <p>Contenido protegido</p>
        </Protect>
      )
      expect(await screen.findByText("Sin permiso")).toBeInTheDocument()
      expect(screen.queryByText("Contenido protegido")).not.toBeInTheDocument()
      view.unmount()
    }
  })

  it("renders nothing without a fallback, and nothing while the session loads", async () => {
    const view = renderWith(
      withoutOrg,
      <div data-testid="box">
        <Protect permission="org:cases:export">
          <p>Exportar</p>
        </Protect>
      </div>
    )
    expect(await screen.findByTestId("box")).toBeEmptyDOMElement()
    view.unmount()

    renderWith(
      "loading",
      <div data-testid="box">
        <Protect role="org:admin" fallback={fallback}>
          <p>Contenido protegido</p>
        </Protect>
      </div>
    )
    expect(await screen.findByTestId("box")).toBeEmptyDOMElement()
  })

  it("is an error without a role or a permission", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {})
    // A check naming neither does not type-check either.
    const Unchecked = Protect as (props: { fallback?: ReactNode; children?: ReactNode }) => ReactNode
    renderWith(
      inOrg("org:admin"),
      <Unchecked fallback={fallback}>
        <p>Contenido protegido</p>
      </Unchecked>
    )
    expect(await screen.findByRole("alert")).toHaveTextContent("has() necesita un rol o un permiso")
    expect(screen.queryByText("Contenido protegido")).not.toBeInTheDocument()
    consoleError.mockRestore()
  })
})
