import type { Account, FakeServerOptions } from "./fakeServer"
import { startFakeServer } from "./fakeServer"
import { renderApp } from "./renderApp"

/** Opens the app at `path` with `account` already signed in (the session cookie is set). */
export const openAs = (account: Account, path = "/", options: FakeServerOptions = {}) => {
  const server = startFakeServer({ ...options, accounts: [account, ...(options.accounts ?? [])] })
  server.signedIn = account
  return { server, ...renderApp(path) }
}
