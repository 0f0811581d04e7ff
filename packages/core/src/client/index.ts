/** The typed client of the API, with its versions and failures. Never the server's. */
export * from "./ApiClient.js"
export * from "./caller.js"
export * from "./failure.js"
export * from "./records.js"
export * from "./eventStream.js"
export * from "./versions.js"
