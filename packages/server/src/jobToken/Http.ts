import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { PalmaApi } from "@palma/core/api"
import { JobTokenService } from "./JobTokenService.js"

/** Palma's `jobTokens` group: admins list and revoke job tokens (issued from the users group). */
export const JobTokensLive = HttpApiBuilder.group(PalmaApi, "jobTokens", (handlers) =>
  Effect.map(JobTokenService, (tokens) => handlers.handle("list", () => tokens.list).handle("revoke", ({ path }) => tokens.revoke(path.id)))
)
