import { Either, Schema } from "effect"
import { spanishIssues, type SpanishIssue } from "../../src/domain/issues.js"

/** Spanish issues of a failed decode ([] when it decodes). */
export const issuesOf = <A, I>(schema: Schema.Schema<A, I>, input: unknown): ReadonlyArray<SpanishIssue> => {
  const result = Schema.decodeUnknownEither(schema, { errors: "all" })(input)
  return Either.isLeft(result) ? spanishIssues(result.left) : []
}

export const ids = {
  family: "6f1c2b3a-1d2e-4f5a-8b6c-7d8e9f0a1b21",
  assistance: "6f1c2b3a-1d2e-4f5a-8b6c-7d8e9f0a1b22",
  assistance2: "6f1c2b3a-1d2e-4f5a-8b6c-7d8e9f0a1b23",
  plan: "6f1c2b3a-1d2e-4f5a-8b6c-7d8e9f0a1b24",
  lead: "6f1c2b3a-1d2e-4f5a-8b6c-7d8e9f0a1b25",
  insured: "6f1c2b3a-1d2e-4f5a-8b6c-7d8e9f0a1b26",
  relationship: "6f1c2b3a-1d2e-4f5a-8b6c-7d8e9f0a1b27",
  case: "6f1c2b3a-1d2e-4f5a-8b6c-7d8e9f0a1b28",
  stage: "6f1c2b3a-1d2e-4f5a-8b6c-7d8e9f0a1b29",
  value: "6f1c2b3a-1d2e-4f5a-8b6c-7d8e9f0a1b2a",
  specialist: "6f1c2b3a-1d2e-4f5a-8b6c-7d8e9f0a1b2b",
  specialty: "6f1c2b3a-1d2e-4f5a-8b6c-7d8e9f0a1b2c"
} as const
