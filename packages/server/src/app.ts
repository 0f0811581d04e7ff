import { HttpApiBuilder, HttpApp, HttpMiddleware, type HttpServerRequest, type HttpServerResponse } from "@effect/platform"
import type { SqlClient } from "@effect/sql"
import { Effect, Layer, Option } from "effect"
import { PalmaApi } from "@palma/core/api"
import { AssistanceLive } from "./assistance/Http.js"
import { AuthConfig } from "./auth/AuthConfig.js"
import { AuthLive } from "./auth/Http.js"
import { AuthService } from "./auth/AuthService.js"
import { BackupLive } from "./backup/Http.js"
import { BeneficiaryLive } from "./beneficiary/Http.js"
import { ContractorLive } from "./contractor/Http.js"
import { CustomerLive } from "./customer/Http.js"
import { LocalIssuer } from "./auth/LocalIssuer.js"
import { Profiles } from "./auth/Profiles.js"
import { Sessions } from "./auth/Sessions.js"
import { Throttle } from "./auth/Throttle.js"
import { SigningKey } from "./auth/SigningKey.js"
import { signingKeyFromDatabase } from "./auth/SigningKeyStore.js"
import { TokenVerifier } from "./auth/TokenVerifier.js"
import type { ServerConfig } from "./config.js"
import { DistrictLive } from "./district/Http.js"
import { DocumentLive } from "./document/Http.js"
import { FamilyLive } from "./family/Http.js"
import { FieldLive } from "./field/Http.js"
import { FileFormatLive } from "./fileFormat/Http.js"
import { accessLog } from "./http/accessLog.js"
import { requestTimeoutLive } from "./http/requestTimeout.js"
import { ApiDocsLive } from "./http/ApiDocs.js"
import { InsuredLive } from "./insured/Http.js"
import { LeadLive } from "./lead/Http.js"
import { CaseLive } from "./case/Http.js"
import { CaseDashboardLive } from "./caseDashboard/Http.js"
import { CaseExportLive } from "./caseExport/Http.js"
import { CaseIntakeLive } from "./caseIntake/Http.js"
import { Drain } from "./drain/Drain.js"
import { EndStreamsOnDrainLive } from "./drain/endStreamsOnDrain.js"
import { LiveClientsLive } from "./monitoring/liveClients.js"
import { Metrics } from "./monitoring/Metrics.js"
import { MetricsRouteLive } from "./monitoring/metricsRoute.js"
import { ProbesLive } from "./monitoring/probes.js"
import { nodeServerLayer } from "./monitoring/requestMetrics.js"
import { oneStartAtATime } from "./sql/startLock.js"
import { Readiness } from "./monitoring/Readiness.js"
import { serveApi } from "./monitoring/serveApi.js"
import { compressJson } from "./http/compressJson.js"
import { securityHeaders } from "./http/securityHeaders.js"
import { markFaults } from "./http/faultId.js"
import { PublicUrl } from "./http/PublicUrl.js"
import { type LogSink, palmaLoggerLayer } from "./log/PalmaLogger.js"
import { BadRequestLive } from "./http/badRequest.js"
import { JsonOnlyLive } from "./http/jsonOnly.js"
import { SecurityLive } from "./http/Security.js"
import { StaticLive } from "./http/Static.js"
import { MasterCache } from "./master/MasterCache.js"
import { PartnerLive } from "./partner/Http.js"
import { RowIntegrity } from "./sql/RowIntegrity.js"
import { migrations } from "./migrations/index.js"
import { ProcedureLive } from "./procedure/Http.js"
import { ProductLive } from "./product/Http.js"
import { QualificationLive } from "./qualification/Http.js"
import { RelationshipLive } from "./relationship/Http.js"
import { RetailLive } from "./retail/Http.js"
import { seed } from "./seed/index.js"
import { SpecialistLive } from "./specialist/Http.js"
import { SpecialtyLive } from "./specialty/Http.js"
import { type DatabaseError, databaseLayer } from "./sql/Database.js"
import { runMigrations } from "./sql/Migrations.js"
import { StageLive } from "./stage/Http.js"
import { UserLive } from "./user/Http.js"
import { UsersLive } from "./user/Http.js"
import { JobTokensLive } from "./jobToken/Http.js"
import { JobTokenService } from "./jobToken/JobTokenService.js"
import { UserRepo } from "./user/UserRepo.js"
import { UserService } from "./user/UserService.js"
import { ValueLive } from "./value/Http.js"
import { ValueTypeLive } from "./valueType/Http.js"
import { UfLive } from "./uf/Http.js"
import { bulkLoadLive } from "./bulkLoad/Http.js"
import { UfProvider } from "./uf/UfProvider.js"
import { UfService } from "./uf/UfService.js"

/** Every group of the contract, implemented. */
const apiLive = (config: ServerConfig) =>
  HttpApiBuilder.api(PalmaApi).pipe(
    Layer.provide([
      AuthLive,
      DistrictLive,
      FamilyLive,
      SpecialtyLive,
      DocumentLive,
      ValueTypeLive,
      ValueLive,
      StageLive,
      RelationshipLive,
      QualificationLive,
      ProcedureLive,
      AssistanceLive,
      ProductLive,
      RetailLive,
      FieldLive,
      FileFormatLive,
      bulkLoadLive({ leaseSeconds: config.jobLeaseSeconds }),
      SpecialistLive,
      PartnerLive,
      ContractorLive,
      CustomerLive,
      InsuredLive,
      BeneficiaryLive,
      LeadLive,
      UserLive,
      UsersLive,
      JobTokensLive,
      CaseLive,
      CaseIntakeLive,
      CaseExportLive,
      CaseDashboardLive,
      UfLive,
      BackupLive
    ])
  )

/** Local mode signs its own tokens with a key in the data dir; Clerk mode only verifies. */
const tokensLayer = (config: ServerConfig) =>
  Layer.unwrapEffect(
    Effect.map(AuthConfig, (auth) =>
      auth.mode === "local"
        ? TokenVerifier.layerLocal(auth).pipe(
            Layer.provideMerge(LocalIssuer.layer({ issuer: auth.issuer, authorizedParty: auth.authorizedParty, tokenTtlSeconds: auth.tokenTtlSeconds })),
            Layer.provide(config.databaseUrl ? signingKeyFromDatabase : SigningKey.layerFile(config.dataDir))
          )
        : TokenVerifier.layerClerk(auth)
    )
  )

/** The database, migrated and seeded before the server accepts requests. */
export const databaseReady = (config: Pick<ServerConfig, "seedDemo" | "demoPassword" | "databaseUrl">) =>
  Layer.effectDiscard(
    Effect.gen(function* () {
      const auth = yield* AuthConfig
      yield* oneStartAtATime(
        Effect.zipRight(runMigrations(migrations), seed({ demo: config.seedDemo, demoPassword: auth.mode === "local" ? config.demoPassword : null })),
        config.databaseUrl !== undefined
      )
    })
  ).pipe(Layer.provideMerge(UserRepo.layer))

/** Metrics only when PALMA_METRICS_TOKEN is set: otherwise no Metrics service, and nothing measures requests. */
const metricsLayer = (config: ServerConfig): Layer.Layer<never, never, SqlClient.SqlClient> =>
  config.metricsToken === undefined ? Layer.empty : Metrics.layer(config.metricsToken)

/** Compression last: the fault mark may write a body, and the docs' policy is computed from its page's bytes. */
const withSecurityHeadersAndFaultIds =
  (headers: ReturnType<typeof securityHeaders>) => (request: HttpServerRequest.HttpServerRequest, response: HttpServerResponse.HttpServerResponse) =>
    Effect.flatMap(headers(request, response), (withHeaders) => Effect.flatMap(markFaults(request, withHeaders), (marked) => compressJson(request, marked)))

/**
 * The whole server: the same layers for `pnpm start` and for the tests, which pass a database of
 * their own (an in-memory clone of a migrated, seeded template) and listen on port 0. The
 * listening `HttpServer` stays in the output so a caller can read its address.
 */
export const appLayer = (
  config: ServerConfig,
  env: Readonly<Record<string, string | undefined>>,
  database: Layer.Layer<SqlClient.SqlClient, DatabaseError> = databaseLayer({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    statementTimeoutSeconds: config.statementTimeoutSeconds
  }),
  /** Where log lines go; the tests keep each server's lines apart. */
  logSink?: LogSink
) => {
  const auth = AuthConfig.layerFrom(env)
  // Migrated and seeded first: the token layer may read its key from the database.
  const ready = databaseReady(config).pipe(Layer.provideMerge(auth), Layer.provideMerge(database))
  const services = Layer.mergeAll(
    Profiles.layer,
    SecurityLive,
    UserService.layer,
    JobTokenService.layer,
    AuthService.layer.pipe(Layer.provide(Throttle.layer)),
    MasterCache.layer(config.databaseUrl === undefined),
    RowIntegrity.layer,
    PublicUrl.layer(config.publicUrl),
    UfService.layer.pipe(Layer.provide(UfProvider.layerFrom(env))),
    Readiness.layer,
    Drain.layer,
    metricsLayer(config)
  ).pipe(Layer.provideMerge(Sessions.layer), Layer.provideMerge(tokensLayer(config)), Layer.provideMerge(ready))
  // Set where the server is built, so every request inherits them at no cost per request.
  const served = Layer.unwrapEffect(
    Effect.map(AuthConfig, (authConfig) =>
      serveApi(accessLog({ all: config.accessLogAll })).pipe(
        // Nothing exports spans: a span per request and per handler is pure cost (issue 8 §5).
        HttpMiddleware.withTracerDisabledWhen(() => true),
        Layer.locally(HttpApp.currentPreResponseHandlers, Option.some(withSecurityHeadersAndFaultIds(securityHeaders(authConfig, { https: config.https }))))
      )
    )
  )
  return served.pipe(
    Layer.provide(Layer.unwrapEffect(Effect.map(AuthConfig, (auth) => StaticLive(config.webDist, { signInPage: auth.mode === "local" })))),
    Layer.provide(ProbesLive),
    Layer.provide(MetricsRouteLive),
    Layer.provide(ApiDocsLive),
    Layer.provide(BadRequestLive),
    Layer.provide(JsonOnlyLive),
    Layer.provide(requestTimeoutLive(config.requestTimeoutSeconds, config.statementTimeoutSeconds)),
    Layer.provide(LiveClientsLive),
    Layer.provide(EndStreamsOnDrainLive),
    Layer.provide(apiLive(config)),
    Layer.provide(services),
    // Listen only once migrated and seeded: a request accepted before the app is
    // served would otherwise wait with no handler. The services stay in the output for `drainProcess`.
    Layer.provideMerge(nodeServerLayer(config.port).pipe(Layer.provideMerge(services))),
    Layer.provide(Layer.setTracerEnabled(false)),
    Layer.provide(palmaLoggerLayer(config.logFormat, logSink))
  )
}
