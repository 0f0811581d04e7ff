import type { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { rawApi } from "../support/providers.js"
import { demoTokens } from "../support/api.js"
import { type InProcessServer, startServer } from "../support/startServer.js"

/**
 * Migration 0028 keeps each titular's and customer's policy end dates on the person's row for the
 * searches. Whatever statements write lead and lead_insured, one row or many at a time, the stored
 * dates equal the ones derived from the leads, and the people's row versions (their ETags) do not
 * move with them.
 */

let server: InProcessServer
let tokens: Awaited<ReturnType<typeof demoTokens>>

beforeAll(async () => {
  server = await startServer()
  tokens = await demoTokens(server.url)
})
afterAll(() => server?.stop())

type Op =
  | { readonly kind: "lead"; readonly customer: number; readonly end: number }
  | { readonly kind: "link" | "unlink"; readonly lead: number; readonly insured: number }
  | { readonly kind: "end"; readonly lead: number; readonly end: number }
  | { readonly kind: "endAll"; readonly end: number }
  | { readonly kind: "move"; readonly lead: number; readonly customer: number }
  | { readonly kind: "drop"; readonly lead: number }

const PEOPLE = 4
const index = fc.nat({ max: 9 })
/** Days from today: policies over, ending today, and in force. */
const end = fc.integer({ min: -3, max: 3 })
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("lead" as const), customer: fc.nat({ max: PEOPLE - 1 }), end }),
  fc.record({ kind: fc.constantFrom("link" as const, "unlink" as const), lead: index, insured: fc.nat({ max: PEOPLE - 1 }) }),
  fc.record({ kind: fc.constant("end" as const), lead: index, end }),
  fc.record({ kind: fc.constant("endAll" as const), end }),
  fc.record({ kind: fc.constant("move" as const), lead: index, customer: fc.nat({ max: PEOPLE - 1 }) }),
  fc.record({ kind: fc.constant("drop" as const), lead: index })
)

let run = 0
/** New customers and titulares for one run, so runs never share a person. */
const people = (sql: SqlClient.SqlClient) =>
  Effect.gen(function* () {
    run += 1
    const ruts = Array.from({ length: PEOPLE }, (_, i) => `pe-${run}-${i}`)
    const customers = yield* sql<{ id: string }>`INSERT INTO customer ${sql.insert(ruts.map((rut) => ({ rut, type: "P" })))} RETURNING id`
    const insured = yield* sql<{ id: string }>`INSERT INTO insured ${sql.insert(ruts.map((rut) => ({ rut })))} RETURNING id`
    const [plan] = yield* sql<{ id: string }>`SELECT id FROM product_plan ORDER BY id LIMIT 1`
    return { customers: customers.map((c) => c.id), insured: insured.map((i) => i.id), plan: plan!.id }
  })

const apply = (sql: SqlClient.SqlClient, world: Effect.Effect.Success<ReturnType<typeof people>>, leads: Array<string>, step: Op) => {
  const lead = "lead" in step ? leads[step.lead % Math.max(leads.length, 1)] : undefined
  const day = (offset: number) => sql`current_date + ${offset}::int`
  switch (step.kind) {
    case "lead":
      return sql<{ id: string }>`INSERT INTO lead (customer_id, product_plan_id, start_date, end_date)
        VALUES (${world.customers[step.customer]!}, ${world.plan}, current_date - 400, ${day(step.end)}) RETURNING id`.pipe(
        Effect.map(([row]) => void leads.push(row!.id))
      )
    case "link":
      return lead === undefined
        ? Effect.void
        : sql`INSERT INTO lead_insured (lead_id, insured_id) VALUES (${lead}, ${world.insured[step.insured]!}) ON CONFLICT DO NOTHING`
    case "unlink":
      return lead === undefined ? Effect.void : sql`DELETE FROM lead_insured WHERE lead_id = ${lead} AND insured_id = ${world.insured[step.insured]!}`
    case "end":
      return lead === undefined ? Effect.void : sql`UPDATE lead SET end_date = ${day(step.end)} WHERE id = ${lead}`
    case "endAll":
      return leads.length === 0 ? Effect.void : sql`UPDATE lead SET end_date = ${day(step.end)} WHERE id IN ${sql.in(leads)}`
    case "move":
      return lead === undefined ? Effect.void : sql`UPDATE lead SET customer_id = ${world.customers[step.customer]!} WHERE id = ${lead}`
    case "drop":
      if (lead === undefined) return Effect.void
      leads.splice(leads.indexOf(lead), 1)
      return Effect.zipRight(sql`DELETE FROM lead_insured WHERE lead_id = ${lead}`, sql`DELETE FROM lead WHERE id = ${lead}`)
  }
}

/** Stored against derived, for the run's people; and their versions. */
const compare = (sql: SqlClient.SqlClient, world: Effect.Effect.Success<ReturnType<typeof people>>) =>
  Effect.all({
    insured: sql<{ stored: string; derived: string; live: number; version: number }>`
      SELECT i.policy_ends::text AS stored,
        ARRAY(SELECT l.end_date FROM lead_insured li JOIN lead l ON l.id = li.lead_id WHERE li.insured_id = i.id ORDER BY 1)::text AS derived,
        policies_in_force(i.policy_ends, current_date) - (SELECT count(*)::int FROM lead_insured li JOIN lead l ON l.id = li.lead_id
          WHERE li.insured_id = i.id AND l.end_date >= current_date) AS live,
        i.version
      FROM insured i WHERE i.id IN ${sql.in(world.insured)} ORDER BY i.rut`,
    customers: sql<{ stored: string; derived: string; live: number; version: number }>`
      SELECT c.policy_ends::text AS stored, ARRAY(SELECT l.end_date FROM lead l WHERE l.customer_id = c.id ORDER BY 1)::text AS derived,
        policies_in_force(c.policy_ends, current_date) - (SELECT count(*)::int FROM lead l WHERE l.customer_id = c.id AND l.end_date >= current_date) AS live,
        c.version
      FROM customer c WHERE c.id IN ${sql.in(world.customers)} ORDER BY c.rut`
  })

describe("policy end dates on the person's row (migration 0028)", () => {
  it("equal the ones derived from the leads after any sequence of writes, and leave the row versions alone", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), (ops) =>
        server.sql((sql) =>
          Effect.gen(function* () {
            const world = yield* people(sql)
            const leads: Array<string> = []
            for (const step of ops) yield* apply(sql, world, leads, step)
            const { insured, customers } = yield* compare(sql, world)
            for (const row of [...insured, ...customers]) {
              expect(row.stored).toBe(row.derived)
              expect(row.live).toBe(0)
              expect(row.version).toBe(1)
            }
          })
        )
      ),
      { numRuns: 40 }
    )
  })

  it("an edit of the person still moves its version", async () => {
    const versions = await server.sql((sql) =>
      Effect.gen(function* () {
        const world = yield* people(sql)
        yield* sql`UPDATE insured SET address = 'Calle 1' WHERE id = ${world.insured[0]!}`
        yield* sql`UPDATE customer SET address = 'Calle 1' WHERE id = ${world.customers[0]!}`
        return yield* compare(sql, world)
      })
    )
    expect([versions.insured[0]!.version, versions.customers[0]!.version]).toEqual([2, 2])
  })

  it("the searches follow a policy that ends: found while in force, gone the day after it ended", async () => {
    const { call } = rawApi(
      () => server.url,
      () => tokens.user
    )
    const { rut, lead } = await server.sql((sql) =>
      Effect.gen(function* () {
        const [row] = yield* sql<{ rut: string; lead: string }>`SELECT i.rut, l.id AS lead FROM insured i
          JOIN lead_insured li ON li.insured_id = i.id JOIN lead l ON l.id = li.lead_id
          WHERE l.end_date >= current_date AND policies_in_force(i.policy_ends, current_date) = 1 ORDER BY i.rut LIMIT 1`
        return row!
      })
    )
    const found = () => call("GET", `/insured/getByRutOrName?rut=${rut}`) as Promise<{ summary: { insured: number; products: number } }>
    expect((await found()).summary).toEqual({ insured: 1, products: 1 })
    await server.sql((sql) => sql`UPDATE lead SET end_date = current_date WHERE id = ${lead}`)
    expect((await found()).summary).toEqual({ insured: 1, products: 1 })
    await server.sql((sql) => sql`UPDATE lead SET end_date = current_date - 1 WHERE id = ${lead}`)
    expect((await found()).summary).toEqual({ insured: 0, products: 0 })
  })
})
