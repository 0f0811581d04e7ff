/** The Spanish message of a failed call (core's ApiFailure carries one), or `fallback`. */
export const messageOf = (error: unknown, fallback: string): string =>
  typeof error === "object" && error !== null && "message" in error && typeof error.message === "string" && error.message !== "" ? error.message : fallback
