import { resolve } from "node:path"
import { fileURLToPath } from "node:url"

/** Server settings from the environment, read once at start. */
export interface ServerConfig {
  readonly port: number
  readonly dataDir: string
  readonly databaseUrl: string | undefined
  readonly seedDemo: boolean
  readonly demoPassword: string
  readonly webDist: string
  /** Log every request, not only failures and slow ones. */
  readonly accessLogAll: boolean
}

export const serverConfigFrom = (env: Readonly<Record<string, string | undefined>>): ServerConfig => ({
  port: env.PORT ? Number(env.PORT) : 3000,
  // Relative to where the command was typed (pnpm runs scripts inside the package; INIT_CWD is the caller's dir).
  dataDir: resolve(env.INIT_CWD || process.cwd(), env.PALMA_DATA_DIR || "data"),
  databaseUrl: env.DATABASE_URL || undefined,
  seedDemo: env.PALMA_SEED_DEMO !== "0",
  demoPassword: env.PALMA_DEMO_PASSWORD || "palma-demo",
  webDist: env.PALMA_WEB_DIST || fileURLToPath(new URL("../../web/dist", import.meta.url)),
  accessLogAll: env.PALMA_ACCESS_LOG === "all"
})
