import type { AuthConfig, Call } from "@palma/core"
import type { AuthAdapter } from "./AuthAdapter"
import { createLocalAuthAdapter } from "./localAuthAdapter"

/** The adapter for the server's auth mode; null for a mode this app cannot drive yet (Clerk). */
export const adapterFor = (config: AuthConfig, call: Call): AuthAdapter | null =>
  config.mode === "local" ? createLocalAuthAdapter(call) : null
