import type { SessionUser } from "@palma/core"
import { displayName } from "../../lib/auth/displayName"

/** Up to two initials for an avatar: "Ana Pérez" → "AP", "ana@palma.cl" → "A". */
export const initialsOf = (user: SessionUser): string => {
  const words = displayName(user)
    .split(/[\s@.]+/)
    .filter((word) => word !== "")
  const letters = user.fullName ? words.slice(0, 2).map((word) => word[0]) : words.slice(0, 1).map((word) => word[0])
  return letters.join("").toUpperCase() || "?"
}
