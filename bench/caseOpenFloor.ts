/**
 * The floor of opening a case on PostgreSQL: the platform's floor (effectFloor.ts) that first runs
 * Palma's own statement for the case (openStatement of CaseViewRepo, through Palma's pool and
 * prepared statements; rows as the driver gives them, not decoded) and then answers the bytes
 * Palma answered. What separates Palma from it is Palma's own work: sessions, the service, the rows
 * decoded, the view built and encoded. `FLOOR_DATABASE_URL` is the bench's database; `FLOOR_AFTER`
 * the history a process already keeps (Palma reads only the events after it).
 */
import { SqlClient } from "@effect/sql"
import { Effect, Layer } from "effect"
import { openStatement } from "../packages/server/src/case/CaseViewRepo.ts"
import { databaseLayer } from "../packages/server/src/sql/Database.ts"
import { serveFloor } from "./effectFloor.ts"
import { serveParentRoutes } from "./referenceChild.ts"

const databaseUrl = process.env.FLOOR_DATABASE_URL
if (!databaseUrl) throw new Error("FLOOR_DATABASE_URL falta")
const after = Number(process.env.FLOOR_AFTER ?? 0)

serveParentRoutes((routes) =>
  serveFloor(
    routes,
    (url) => Effect.flatMap(SqlClient.SqlClient, (sql) => Effect.orDie(Effect.asVoid(openStatement(sql, url.split("/").pop()!, after)))),
    Layer.orDie(databaseLayer({ databaseUrl }))
  )
)
