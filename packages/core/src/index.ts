/** Everything core offers, for the web and the CLI; the server imports `@palma/core/domain` and `@palma/core/api` only. */
export * from "./domain/index.js"
export * from "./api/index.js"
export * from "./machines/index.js"
export * from "./client/index.js"
