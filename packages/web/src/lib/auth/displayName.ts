import type { SessionUser } from "@palma/core"

/** How to address a person: the full name when known, else the email. */
export const displayName = (user: SessionUser): string => user.fullName || user.email || user.id
