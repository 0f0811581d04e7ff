import { SqlClient, SqlSchema } from "@effect/sql"
import { Context, Effect, Layer, Schema } from "effect"
import { RetailCustomer } from "@palma/core/domain"
import { personColumns } from "../person/columnsSql.js"

const Request = Schema.Struct({ retailId: Schema.String, productPlanId: Schema.String })

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  /** Who one channel's plan covers today: each titular of a policy in force with its customer. */
  const covered = SqlSchema.findAll({
    Request,
    Result: RetailCustomer,
    execute: ({ retailId, productPlanId }) => sql`SELECT ${personColumns(sql, "c", "customer_")}, ${personColumns(sql, "i", "insured_")},
        l.subscription_id,
        to_char(l.created_at, 'YYYY-MM-DD') AS "createDate", to_char(l.start_date, 'YYYY-MM-DD') AS "initialDate",
        to_char(l.end_date, 'YYYY-MM-DD') AS "endDate", to_char(l.created_at, 'YYYY-MM-DD') AS createdate,
        to_char(l.start_date, 'YYYY-MM-DD') AS initialdate, to_char(l.end_date, 'YYYY-MM-DD') AS enddate
      FROM lead l
        JOIN product_plan pp ON pp.id = l.product_plan_id
        JOIN customer c ON c.id = l.customer_id
        JOIN lead_insured li ON li.lead_id = l.id
        JOIN insured i ON i.id = li.insured_id
      WHERE pp.retail_id = ${retailId} AND pp.id = ${productPlanId} AND l.end_date >= current_date
      ORDER BY c.search_name, i.search_name, l.subscription_id`
  })

  return { covered: (retailId: string, productPlanId: string) => Effect.orDie(covered({ retailId, productPlanId })) }
})

/** `retail/getCustomersByRetailIdAndProductId`: the people a channel's plan covers. */
export class RetailCustomersRepo extends Context.Tag("palma/RetailCustomersRepo")<RetailCustomersRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(RetailCustomersRepo, make)
}
