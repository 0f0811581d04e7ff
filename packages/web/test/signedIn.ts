import type { DemoAccount } from "./accounts"
import type { RealServer } from "./realServer"
import { renderApp } from "./renderApp"

/** Opens the app at `path` with `account` already signed in on the real server (its session cookie is set). */
export const openAs = async (server: RealServer, account: DemoAccount, path = "/") => {
  await server.signIn(account.email, account.password)
  return renderApp(path)
}
