import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { generateCases } from "../../src/seed/caseGenerator.js"
import { caseInputs, writeCases } from "../../src/seed/demoCases.js"
import { generatePeople } from "../../src/seed/peopleGenerator.js"
import { generatorInputs, writePeople } from "../../src/seed/peopleWriter.js"
import { databaseLayer } from "../../src/sql/Database.js"

/** A case and what hangs from it, children first. */
const caseTables = ["case_document", "case_chat", "case_event", "case_state", "assistance_case"]

/**
 * Replaces the people of a stopped server's database (its data dir, or its PostgreSQL database)
 * with a generated population of `customers` customers on the seeded plans, and updates the
 * planner's statistics. For the people bench; answers what was written.
 */
export const replacePeople = (database: { readonly dataDir: string; readonly databaseUrl: string | undefined }, customers: number, seed: number) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    // Cases refer to people, so they go first.
    for (const table of [...caseTables, "payment", "lead_beneficiary", "lead_insured", "lead", "beneficiary", "insured", "customer"])
      yield* sql`DELETE FROM ${sql(table)}`
    const people = generatePeople({ ...(yield* generatorInputs), today: new Date().toISOString().slice(0, 10), customers, companyEvery: 12, seed })
    yield* writePeople(people)
    yield* sql`ANALYZE`
    return { customers: people.customers.length, insured: people.insured.length, ruts: people.insured.map((p) => p.rut) }
  }).pipe(Effect.provide(databaseLayer({ databaseUrl: database.databaseUrl, dataDir: database.dataDir })), Effect.runPromise)

/**
 * Replaces the cases of a stopped server's database with `count` generated ones over the last 18
 * months (the demo generator, through the event path), and updates the planner's statistics.
 */
export const replaceCases = (database: { readonly dataDir: string; readonly databaseUrl: string | undefined }, count: number, seed: number) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    for (const table of caseTables) yield* sql`DELETE FROM ${sql(table)}`
    const now = new Date()
    const cases = generateCases({ ...(yield* caseInputs), today: now.toISOString().slice(0, 10), now, seed, count })
    yield* writeCases(cases)
    yield* sql`ANALYZE`
    return { cases: cases.length, events: cases.reduce((n, c) => n + c.events.length, 0) }
  }).pipe(Effect.provide(databaseLayer({ databaseUrl: database.databaseUrl, dataDir: database.dataDir })), Effect.runPromise)
