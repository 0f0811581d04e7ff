import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { PalmaApi } from "@palma/core/api"
import { served } from "../http/domainErrors.js"
import { JobTokenService } from "./JobTokenService.js"

/** Palma's `jobTokens` group: admins list and revoke job tokens (issued from the users group). */
export const JobTokensLive = HttpApiBuilder.group(PalmaApi, "jobTokens", (handlers) =>
  Effect.map(Effect.map(JobTokenService, served), (tokens) => handlers.handle("list", () => tokens.list).handle("revoke", ({ path }) => tokens.revoke(path.id)))
)
