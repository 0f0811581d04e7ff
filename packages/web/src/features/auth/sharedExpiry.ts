/**
 * The local session's expiry, kept in localStorage so every tab knows it: a write in one tab
 * reaches the others as a `storage` event (sign-in, refresh, sign-out). Only the time is stored,
 * never the token.
 */
const key = "palma.session.expiresAt"

const parse = (value: string | null): number | null => {
  if (value === null) return null
  const at = Number(value)
  return Number.isFinite(at) ? at : null
}

export const readExpiry = (): number | null => parse(localStorage.getItem(key))

export const writeExpiry = (expiresAt: number): void => localStorage.setItem(key, String(expiresAt))

export const clearExpiry = (): void => localStorage.removeItem(key)

/** What another tab did, as told by a `storage` event; null when the event is about something else. */
export const expiryChange = (event: StorageEvent): { before: number | null; after: number | null } | null =>
  event.storageArea === localStorage && (event.key === key || event.key === null) ? { before: parse(event.oldValue), after: parse(event.newValue) } : null
