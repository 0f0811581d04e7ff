import { homedir } from "node:os"
import { join } from "node:path"
import type { Env } from "../io.js"

/**
 * Where the CLI keeps its files: `PALMA_CONFIG_DIR` when set (tests, several profiles), else
 * `$XDG_CONFIG_HOME/palma` when set, else the platform's usual place for per-user settings.
 */
export const configDir = (env: Env, platform: NodeJS.Platform = process.platform, home: string = homedir()): string => {
  const explicit = env.PALMA_CONFIG_DIR?.trim()
  if (explicit) return explicit
  const xdg = env.XDG_CONFIG_HOME?.trim()
  if (xdg) return join(xdg, "palma")
  if (platform === "win32") return join(env.APPDATA?.trim() || join(home, "AppData", "Roaming"), "palma")
  if (platform === "darwin") return join(home, "Library", "Application Support", "palma")
  return join(home, ".config", "palma")
}
