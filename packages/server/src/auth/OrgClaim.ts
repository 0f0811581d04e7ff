/**
 * Encodes an active organization the way Clerk session tokens v2 do, so the local issuer's tokens
 * decode through Clerk's own parser (`@clerk/shared` jwtPayloadParser, reached via
 * `signedInAuthObject` in TokenVerifier) exactly like Clerk's:
 *
 * - `o.rol` is the role key without its `org:` prefix (the parser adds it back);
 * - `o.per` lists permission names, `fea` lists features (`o:<feature>`), and `o.fpm` holds, per
 *   org feature in `fea` order, a decimal bit mask over `o.per` (bit i set = `org:<feature>:<per[i]>`).
 */

/** The user's active organization, in the shape Clerk reports it. */
export interface ActiveOrganization {
  readonly id: string
  readonly slug: string | null
  /** Clerk role key, e.g. `org:admin`. */
  readonly role: string
  /** Clerk permission keys, `org:<feature>:<permission>`. */
  readonly permissions: ReadonlyArray<string>
}

export interface OrgClaims {
  readonly o: { readonly id: string; readonly rol: string; readonly slg?: string; readonly per?: string; readonly fpm?: string }
  readonly fea?: string
}

const permissionKey = /^org:([^:,\s]+):([^:,\s]+)$/

/** Throws on a permission key Clerk could not express in a v2 token: such a key is a programming error. */
export const encodeOrgClaims = (org: ActiveOrganization): OrgClaims => {
  const features: Array<string> = []
  const names: Array<string> = []
  const masks = new Map<string, bigint>()
  for (const key of org.permissions) {
    const match = permissionKey.exec(key)
    if (!match) throw new Error(`Organization permission "${key}" is not of the form org:<feature>:<permission>`)
    const feature = match[1]!
    const name = match[2]!
    if (!features.includes(feature)) features.push(feature)
    if (!names.includes(name)) names.push(name)
    masks.set(feature, (masks.get(feature) ?? 0n) | (1n << BigInt(names.indexOf(name))))
  }
  const o = {
    id: org.id,
    rol: org.role.replace(/^org:/, ""),
    ...(org.slug === null ? {} : { slg: org.slug }),
    ...(names.length === 0 ? {} : { per: names.join(","), fpm: features.map((f) => String(masks.get(f))).join(",") })
  }
  return features.length === 0 ? { o } : { o, fea: features.map((f) => `o:${f}`).join(",") }
}
