import { Config, ConfigError, ConfigProvider, Effect, Either, Option, Redacted } from "effect"
import { resolve } from "node:path"
import { fileURLToPath } from "node:url"

/** Server settings from the environment, read and checked once at start. */
export interface ServerConfig {
  readonly port: number
  readonly dataDir: string
  readonly databaseUrl: string | undefined
  readonly seedDemo: boolean
  readonly demoPassword: string
  readonly webDist: string
  /** Log every request, not only failures and slow ones. */
  readonly accessLogAll: boolean
  /** Where clients reach the server (PALMA_PUBLIC_URL's origin): the links it hands out start here. */
  readonly publicUrl: string
  /** Served over https (PALMA_PUBLIC_URL says so): browsers are told to keep to it (HSTS). */
  readonly https: boolean
  /** Log lines as text or one JSON object per line (PALMA_LOG_FORMAT). */
  readonly logFormat: "text" | "json"
  /** How long an upload job stays held by a process that stopped renewing it before another takes it over. */
  readonly jobLeaseSeconds: number
  /** A request still running after this long is cut with a 503 (PALMA_REQUEST_TIMEOUT_SECONDS). */
  readonly requestTimeoutSeconds: number
  /** A database statement still running after this long is cut, and its request answers a 503 (PALMA_STATEMENT_TIMEOUT_SECONDS). */
  readonly statementTimeoutSeconds: number
  /** How long a stopping process stays up, not ready, before it stops taking requests (PALMA_DRAIN_SECONDS). */
  readonly drainSeconds: number
  /** The bearer token `GET /metrics` asks for (PALMA_METRICS_TOKEN); without one there are no metrics. */
  readonly metricsToken: Redacted.Redacted | undefined
}

/** The shortest metrics token accepted. */
export const METRICS_TOKEN_MIN_LENGTH = 16

type Env = Readonly<Record<string, string | undefined>>

const optionalText = (name: string) => Config.option(Config.nonEmptyString(name))

/** An http(s) URL's origin ("https://x.cl/" → "https://x.cl"). */
const httpOrigin = (value: string): Either.Either<string, ConfigError.ConfigError> => {
  const url = URL.canParse(value) ? new URL(value) : null
  return url !== null && (url.protocol === "http:" || url.protocol === "https:")
    ? Either.right(url.origin)
    : Either.left(ConfigError.InvalidData([], "no es una URL http(s)"))
}

const spec = (env: Env) =>
  Config.all({
    // 0 asks the system for a free port (the tests' in-process servers).
    port: Config.integer("PORT").pipe(Config.validate({ message: "fuera de rango", validation: (n) => n >= 0 && n <= 65535 }), Config.withDefault(3000)),
    dataDir: Config.nonEmptyString("PALMA_DATA_DIR").pipe(Config.withDefault("data")),
    databaseUrl: optionalText("DATABASE_URL"),
    seedDemo: Config.literal("0", "1")("PALMA_SEED_DEMO").pipe(Config.withDefault("1")),
    demoPassword: Config.nonEmptyString("PALMA_DEMO_PASSWORD").pipe(Config.withDefault("palma-demo")),
    webDist: optionalText("PALMA_WEB_DIST"),
    accessLog: Config.literal("all")("PALMA_ACCESS_LOG").pipe(Config.option),
    publicUrl: Config.nonEmptyString("PALMA_PUBLIC_URL").pipe(Config.mapOrFail(httpOrigin), Config.option),
    logFormat: Config.literal("text", "json")("PALMA_LOG_FORMAT").pipe(Config.withDefault("text" as const)),
    jobLeaseSeconds: Config.integer("PALMA_JOB_LEASE_SECONDS").pipe(
      Config.validate({ message: "fuera de rango", validation: (n) => n >= 1 && n <= 3600 }),
      Config.withDefault(30)
    ),
    requestTimeoutSeconds: Config.integer("PALMA_REQUEST_TIMEOUT_SECONDS").pipe(
      Config.validate({ message: "fuera de rango", validation: (n) => n >= 1 && n <= 3600 }),
      Config.withDefault(30)
    ),
    statementTimeoutSeconds: Config.integer("PALMA_STATEMENT_TIMEOUT_SECONDS").pipe(
      Config.validate({ message: "fuera de rango", validation: (n) => n >= 1 && n <= 3600 }),
      Config.withDefault(30)
    ),
    // 0 stops taking requests at once (one process, no balancer to warn).
    drainSeconds: Config.integer("PALMA_DRAIN_SECONDS").pipe(
      Config.validate({ message: "fuera de rango", validation: (n) => n >= 0 && n <= 3600 }),
      Config.withDefault(10)
    ),
    // Long enough not to be guessed: `openssl rand -hex 32` gives 64.
    metricsToken: Config.nonEmptyString("PALMA_METRICS_TOKEN").pipe(
      Config.validate({ message: "demasiado corto", validation: (token) => token.length >= METRICS_TOKEN_MIN_LENGTH }),
      Config.map(Redacted.make),
      Config.option
    )
  }).pipe(
    Config.map((c): ServerConfig => ({
      port: c.port,
      publicUrl: Option.getOrElse(c.publicUrl, () => `http://localhost:${c.port}`),
      // Relative to where the command was typed (pnpm runs scripts inside the package; INIT_CWD is the caller's dir).
      dataDir: resolve(env.INIT_CWD || process.cwd(), c.dataDir),
      databaseUrl: c.databaseUrl._tag === "Some" ? c.databaseUrl.value : undefined,
      seedDemo: c.seedDemo === "1",
      demoPassword: c.demoPassword,
      webDist: c.webDist._tag === "Some" ? c.webDist.value : fileURLToPath(new URL("../../web/dist", import.meta.url)),
      accessLogAll: c.accessLog._tag === "Some",
      https: Option.exists(c.publicUrl, (url) => url.startsWith("https:")),
      logFormat: c.logFormat,
      jobLeaseSeconds: c.jobLeaseSeconds,
      requestTimeoutSeconds: c.requestTimeoutSeconds,
      statementTimeoutSeconds: c.statementTimeoutSeconds,
      drainSeconds: c.drainSeconds,
      metricsToken: Option.getOrUndefined(c.metricsToken)
    }))
  )

/** What each checked variable may hold, for the start-up error. */
const expected: Readonly<Record<string, string>> = {
  PORT: "un puerto entre 0 y 65535",
  PALMA_SEED_DEMO: "0 o 1",
  PALMA_ACCESS_LOG: "all o nada",
  PALMA_LOG_FORMAT: "text o json",
  PALMA_PUBLIC_URL: "una URL http:// o https://",
  PALMA_JOB_LEASE_SECONDS: "un número de segundos entre 1 y 3600",
  PALMA_REQUEST_TIMEOUT_SECONDS: "un número de segundos entre 1 y 3600",
  PALMA_STATEMENT_TIMEOUT_SECONDS: "un número de segundos entre 1 y 3600",
  PALMA_DRAIN_SECONDS: "un número de segundos entre 0 y 3600",
  PALMA_METRICS_TOKEN: `un texto de al menos ${METRICS_TOKEN_MIN_LENGTH} caracteres`
}

/** Why the configuration is refused, in Spanish, naming the variable. */
const explain = (error: ConfigError.ConfigError): string =>
  ConfigError.reduceWithContext(error, undefined, {
    andCase: (_, left, right) => [left, right].join("; "),
    orCase: (_, left, right) => [left, right].join("; "),
    invalidDataCase: (_, path, message) => {
      const name = path.join(".")
      return `${name}: valor inválido (${expected[name] ? `debe ser ${expected[name]}` : message})`
    },
    missingDataCase: (_, path) => `${path.join(".")}: falta`,
    sourceUnavailableCase: (_, path) => `${path.join(".")}: no se pudo leer`,
    unsupportedCase: (_, path) => `${path.join(".")}: no soportado`
  })

/**
 * The one place the server's settings are read (Effect `Config` over the given environment): a
 * wrong `PORT` or `PALMA_SEED_DEMO` is a clear start-up error. Empty variables count as unset.
 */
export const loadServerConfig = (env: Env): Either.Either<ServerConfig, string> => {
  const set = Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== "")
  return Effect.runSync(Effect.either(Effect.withConfigProvider(spec(env), ConfigProvider.fromMap(new Map(set))))).pipe(
    Either.mapLeft((error) => `Configuración inválida: ${explain(error)}`)
  )
}

/** The settings, or a thrown Error with the Spanish reason (tests and scripts). */
export const serverConfigFrom = (env: Env): ServerConfig => Either.getOrThrowWith(loadServerConfig(env), (message) => new Error(message))
