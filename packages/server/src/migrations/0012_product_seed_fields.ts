import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Fields of the seed's product that Palma lacked: the cost of each carga (`dynamiccharge`, in the
 * product's currency like `cost`), the alliance it is sold under (`alias`) and its sales pitch
 * (`promotional`).
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE product
    ADD COLUMN dynamic_charge numeric(12,2) NOT NULL DEFAULT 0 CHECK (dynamic_charge >= 0),
    ADD COLUMN alias text NOT NULL DEFAULT '',
    ADD COLUMN promotional text NOT NULL DEFAULT ''`
})
