import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { InvalidCheck, has } from "../../src/auth/has.js"
import type { Session } from "../../src/domain/session.js"
import { session } from "../machines/fixtures.js"

const admin = session({ orgId: "org_1", orgRole: "org:admin", orgPermissions: ["org:cases:read", "org:cases:write"] })
const member = session({ orgId: "org_1", orgRole: "org:member", orgPermissions: ["org:cases:read"] })
const noOrg = session({ orgId: null, orgRole: null, orgSlug: null, orgPermissions: [] })

describe("has()", () => {
  it("throws without a role or a permission", () => {
    expect(() => has(admin, {})).toThrow(InvalidCheck)
    expect(() => has(admin, {})).toThrow("has() necesita un rol o un permiso")
    expect(() => has(null, {})).toThrow(InvalidCheck)
    expect(() => has(admin, { role: "" })).toThrow(InvalidCheck)
    expect(() => has(admin, { permission: "" })).toThrow(InvalidCheck)
    expect(() => has(admin, { role: undefined, permission: undefined })).toThrow(InvalidCheck)
  })

  it("is false without a session", () => {
    expect(has(null, { role: "org:admin" })).toBe(false)
    expect(has(null, { permission: "org:cases:read" })).toBe(false)
  })

  it("is false without an active organization, even when role and permissions match", () => {
    const stale: Session = { ...admin, orgId: null }
    expect(has(stale, { role: "org:admin" })).toBe(false)
    expect(has(stale, { permission: "org:cases:read" })).toBe(false)
    expect(has({ ...admin, orgId: "" }, { role: "org:admin" })).toBe(false)
    expect(has(noOrg, { role: "org:admin" })).toBe(false)
  })

  it("a role check compares the organization role exactly", () => {
    expect(has(admin, { role: "org:admin" })).toBe(true)
    expect(has(admin, { role: "org:member" })).toBe(false)
    expect(has(member, { role: "org:member" })).toBe(true)
    expect(has(member, { role: "org:admin" })).toBe(false)
    expect(has(admin, { role: "admin" })).toBe(false)
    expect(has(admin, { role: "ORG:ADMIN" })).toBe(false)
  })

  it("a role check does not look at the operaciones role in public metadata", () => {
    const s = session({ orgRole: "org:member", user: { ...admin.user, publicMetadata: { roles: { operaciones: "admin" } } } })
    expect(has(s, { role: "admin" })).toBe(false)
  })

  it("a permission check looks at the organization permissions", () => {
    expect(has(admin, { permission: "org:cases:write" })).toBe(true)
    expect(has(member, { permission: "org:cases:read" })).toBe(true)
    expect(has(member, { permission: "org:cases:write" })).toBe(false)
    expect(has(member, { permission: "org:cases" })).toBe(false)
  })

  it("a permission check does not grant through the role", () => {
    const s = session({ orgRole: "org:cases:write", orgPermissions: [] })
    expect(has(s, { permission: "org:cases:write" })).toBe(false)
  })

  it("matches the definition for any session and check", () => {
    const name = fc.constantFrom("org:admin", "org:member", "org:a", "org:b", "x")
    const arbSession = fc.record({
      orgId: fc.option(fc.constantFrom("org_1", "org_2"), { nil: null }),
      orgRole: fc.option(name, { nil: null }),
      orgPermissions: fc.uniqueArray(name, { maxLength: 4 })
    })
    fc.assert(
      fc.property(fc.option(arbSession, { nil: null }), fc.boolean(), name, (s, byRole, value) => {
        const full = s === null ? null : session(s)
        const expected = s !== null && s.orgId !== null && (byRole ? s.orgRole === value : s.orgPermissions.includes(value))
        expect(has(full, byRole ? { role: value } : { permission: value })).toBe(expected)
      })
    )
  })
})
