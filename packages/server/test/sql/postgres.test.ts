import { describe } from "vitest"
import { databaseLayer } from "../../src/sql/Database.js"
import { describeSqlClient } from "./clientSuite.js"

const databaseUrl = process.env["DATABASE_URL"]

describe.skipIf(!databaseUrl)(
  databaseUrl ? "SqlClient on PostgreSQL (DATABASE_URL)" : "SqlClient on PostgreSQL — SKIPPED: DATABASE_URL is not set (set DATABASE_URL=postgres://… to run)",
  { timeout: 30_000 },
  () => {
    describeSqlClient(databaseLayer({ databaseUrl }))
  }
)
