import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { type Access, type Role, allows, roleFromPublicMeta, roleLabel } from "../../src/domain/role.js"

const ROLES: ReadonlyArray<Role | null> = [null, "user", "moderator", "admin"]
const ACCESS: ReadonlyArray<Access> = ["signedIn", "staff", "moderator", "admin"]

/** Who gets through each access level, written out by hand (DESIGN §3). */
const TABLE: Record<Access, Record<"none" | Role, boolean>> = {
  signedIn: { none: true, user: true, moderator: true, admin: true },
  staff: { none: false, user: true, moderator: true, admin: true },
  moderator: { none: false, user: false, moderator: true, admin: true },
  admin: { none: false, user: false, moderator: false, admin: true }
}

describe("allows()", () => {
  const cases = ACCESS.flatMap((access) => ROLES.map((role) => [role, access, TABLE[access][role ?? "none"]] as const))

  it.each(cases)("role %s at access %s → %s", (role, access, expected) => {
    expect(allows(role, access)).toBe(expected)
  })

  it("each access level includes the ones after it", () => {
    for (const role of ROLES) {
      for (let i = 1; i < ACCESS.length; i++) {
        if (allows(role, ACCESS[i]!)) expect(allows(role, ACCESS[i - 1]!)).toBe(true)
      }
    }
  })
})

describe("roleFromPublicMeta()", () => {
  it.each(["user", "moderator", "admin"] as const)("reads %s from roles.operaciones", (role) => {
    expect(roleFromPublicMeta({ roles: { operaciones: role } })).toBe(role)
    expect(roleFromPublicMeta({ roles: { operaciones: role, ventas: "admin" }, other: 1 })).toBe(role)
  })

  it.each([
    ["null", null],
    ["undefined", undefined],
    ["a string", "admin"],
    ["a number", 1],
    ["a boolean", true],
    ["an empty array", []],
    ["an array of roles", ["admin"]],
    ["an empty object", {}],
    ["roles null", { roles: null }],
    ["roles an array", { roles: ["admin"] }],
    ["roles a string", { roles: "admin" }],
    ["operaciones at the top level", { operaciones: "admin" }],
    ["another role key", { roles: { ventas: "admin" } }],
    ["operaciones null", { roles: { operaciones: null } }],
    ["operaciones an array", { roles: { operaciones: ["admin"] } }],
    ["operaciones an object", { roles: { operaciones: { role: "admin" } } }],
    ["operaciones capitalised", { roles: { operaciones: "Admin" } }],
    ["operaciones padded", { roles: { operaciones: " admin" } }],
    ["operaciones unknown", { roles: { operaciones: "superadmin" } }],
    ["operaciones the Clerk org role", { roles: { operaciones: "org:admin" } }],
    ["operaciones a label", { roles: { operaciones: "Administrador" } }],
    ["operaciones an inherited name", { roles: { operaciones: "toString" } }],
    ["operaciones empty", { roles: { operaciones: "" } }]
  ])("is null for %s", (_, meta) => {
    expect(roleFromPublicMeta(meta)).toBeNull()
  })

  it("for anything at all, is a role exactly when roles.operaciones is one", () => {
    const meta = fc.oneof(
      fc.anything(),
      fc.record({ roles: fc.anything() }),
      fc.record({ roles: fc.record({ operaciones: fc.oneof(fc.constantFrom("user", "moderator", "admin", "Admin", ""), fc.anything()) }) })
    )
    fc.assert(
      fc.property(meta, (m) => {
        const roles = typeof m === "object" && m !== null ? (m as { roles?: unknown }).roles : undefined
        const op = typeof roles === "object" && roles !== null ? (roles as { operaciones?: unknown }).operaciones : undefined
        const expected = op === "user" || op === "moderator" || op === "admin" ? op : null
        expect(roleFromPublicMeta(m)).toBe(expected)
      })
    )
  })

  it("has a Spanish label for every role", () => {
    expect(roleLabel).toEqual({ user: "Operador", moderator: "Supervisor", admin: "Administrador" })
  })
})
