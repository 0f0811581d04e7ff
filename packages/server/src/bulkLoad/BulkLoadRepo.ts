import { SqlClient, type Statement } from "@effect/sql"
import { Context, Effect, Layer, Option } from "effect"
import type { BulkLoadJob, BulkLoadListQuery, BulkLoadRow, BulkLoadRowsQuery, BulkLoadStatus, Page, RowChange } from "@palma/core/domain"
import { byIndex, leftOutPage, storeLeftOut } from "./leftOutSql.js"

/** A job's columns as the contract answers them; the counts come back as one object. */
const jobSelect = (sql: SqlClient.SqlClient) => sql`SELECT j.id::text AS id, j.retail_id::text AS retail_id, r.name AS retail_name,
    j.product_plan_id::text AS "productPlan_id", p.name AS product_name, j.file_name AS "fileName", j.user_id,
    COALESCE(u.full_name, '') AS user_name, j.dry_run AS "dryRun", j.remove_missing AS "removeMissing", j.status,
    j.total, j.count_failed AS error,
    CASE WHEN j.status IN ('loading', 'done') THEN j.succeeded + j.count_failed ELSE 0 END AS processed, j.succeeded,
    json_build_object('new', j.count_new, 'updated', j.count_updated, 'unchanged', j.count_unchanged,
      'failed', j.count_failed, 'missing', j.count_missing, 'removed', j.count_removed) AS counts,
    j.message, to_char(j.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
    to_char(j.started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "startedAt",
    to_char(j.finished_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "finishedAt"
  FROM bulk_load_job j
    JOIN retail r ON r.id = j.retail_id
    JOIN product_plan pp ON pp.id = j.product_plan_id
    JOIN product p ON p.id = pp.product_id
    LEFT JOIN app_user u ON u.id = j.user_id`

/** What a worker needs of a job it holds. */
export interface HeldJob {
  readonly id: string
  readonly product_plan_id: string
  readonly status: BulkLoadStatus
  readonly dry_run: boolean
  readonly remove_missing: boolean
  readonly loaded_row: number
}

export interface NewJob {
  readonly retailId: string
  readonly productPlanId: string
  readonly fileName: string
  readonly userId: string
  readonly dryRun: boolean
  readonly removeMissing: boolean
  readonly data: Uint8Array
}

/** A row of the file as stored after reading: its record and changes (valid rows) or its reasons (failed ones). */
export interface ReadRow {
  readonly row: number
  readonly rut: string
  readonly name: string
  readonly outcome: BulkLoadRow["outcome"]
  readonly reasons: ReadonlyArray<string>
  readonly changes: ReadonlyArray<RowChange>
  readonly record: unknown
}

/** The page asked for, with the defaults every list of uploads shares. */
export const pageOf = (query: { readonly page?: number | undefined; readonly pageSize?: number | undefined }) => {
  const page = query.page ?? 1
  const pageSize = query.pageSize ?? 20
  return { page, pageSize, offset: (page - 1) * pageSize }
}

/** A page of a diff: after a key, read from there; without one, counted from the start. */
const keysetPageOf = (query: Omit<BulkLoadRowsQuery, "outcome">) => {
  const { page, pageSize, offset } = pageOf(query)
  return { page, pageSize, offset: query.after === undefined ? offset : 0 }
}

/**
 * How many rows a job has stored (all, or of one outcome: a value or a column of the statement):
 * the highest position (0037), read from its index's end, not counted.
 */
const storedRows = (sql: SqlClient.SqlClient, id: string, outcome: string | Statement.Fragment | undefined) =>
  outcome === undefined
    ? sql`(SELECT COALESCE(max(b.position), 0) FROM bulk_load_row b WHERE b.job_id = ${id})`
    : sql`(SELECT COALESCE(max(b.outcome_position), 0) FROM bulk_load_row b WHERE b.job_id = ${id} AND b.outcome = ${outcome})`

/**
 * A page of a job's rows (all, or one outcome), in file order, through an index: after the row
 * `after`, or from the position its number starts at (0037), never walking the rows before it.
 */
export const rowsPage = (sql: SqlClient.SqlClient, id: string, query: BulkLoadRowsQuery) => {
  const { pageSize, offset } = pageOf(query)
  const position = query.outcome === undefined ? sql`b.position` : sql`b.outcome_position`
  const where = sql.and([
    sql`b.job_id = ${id}`,
    ...(query.outcome === undefined ? [] : [sql`b.outcome = ${query.outcome}`]),
    query.after === undefined ? sql`${position} > ${offset}` : sql`b.row > ${query.after}`
  ])
  return sql<BulkLoadRow>`SELECT b.row, b.rut, b.name, b.outcome, b.reasons, b.changes, b.lead_id::text AS lead_id,
      (b.outcome <> 'failed' AND b.row <= j.loaded_row) AS loaded
    FROM bulk_load_row b JOIN bulk_load_job j ON j.id = b.job_id WHERE ${where}
    ORDER BY ${query.after === undefined ? position : sql`b.row`} LIMIT ${pageSize}`
}

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  const create = (job: NewJob) =>
    Effect.gen(function* () {
      const [row] = yield* sql<{ id: string }>`INSERT INTO bulk_load_job ${sql.insert({
        retail_id: job.retailId,
        product_plan_id: job.productPlanId,
        file_name: job.fileName,
        user_id: job.userId,
        dry_run: job.dryRun,
        remove_missing: job.removeMissing,
        status: "queued"
      })} RETURNING id::text AS id`
      yield* sql`INSERT INTO bulk_load_file ${sql.insert({ job_id: row!.id, data: job.data })}`
      return row!.id
    }).pipe(sql.withTransaction, Effect.orDie)

  const find = (id: string) => Effect.map(sql<BulkLoadJob>`${jobSelect(sql)} WHERE j.id = ${id}`, (rows) => Option.fromNullable(rows[0])).pipe(Effect.orDie)

  const list = (query: BulkLoadListQuery): Effect.Effect<Page<BulkLoadJob>> =>
    Effect.gen(function* () {
      const { page, pageSize, offset } = pageOf(query)
      const where = sql.and([
        ...(query.retail_id === undefined ? [] : [sql`j.retail_id = ${query.retail_id}`]),
        ...(query.productPlan_id === undefined ? [] : [sql`j.product_plan_id = ${query.productPlan_id}`])
      ])
      const items = yield* sql<BulkLoadJob>`${jobSelect(sql)} WHERE ${where} ORDER BY j.created_at DESC, j.id LIMIT ${pageSize} OFFSET ${offset}`
      const [count] = yield* sql<{ total: number }>`SELECT count(*)::int AS total FROM bulk_load_job j WHERE ${where}`
      return { items, total: count?.total ?? 0, page, pageSize }
    }).pipe(Effect.orDie)

  /** How many jobs are in each status, and the rows all of them have written (the metrics' figures). */
  const tally = Effect.map(
    sql<{ readonly status: BulkLoadStatus; readonly jobs: number; readonly loaded: number }>`SELECT status, count(*)::int AS jobs,
        COALESCE(sum(succeeded), 0)::float8 AS loaded
      FROM bulk_load_job GROUP BY status`,
    (rows) => ({
      jobs: new Map(rows.map((row) => [row.status, row.jobs])),
      rowsLoaded: rows.reduce((total, row) => total + row.loaded, 0)
    })
  )

  /**
   * Takes the oldest job a worker may run, if any: not finished, not held (or its holder's lease
   * ran out), and no earlier unfinished job of the same plan (two uploads of a plan never
   * interleave). SKIP LOCKED lets processes on one PostgreSQL claim at once without waiting.
   */
  const claim = (owner: string, leaseSeconds: number) =>
    Effect.map(
      sql<HeldJob>`UPDATE bulk_load_job SET owner = ${owner}, lease_until = now() + make_interval(secs => ${leaseSeconds}),
          started_at = COALESCE(started_at, now()),
          status = CASE status WHEN 'queued' THEN 'validating' ELSE status END
        WHERE id = (
          SELECT j.id FROM bulk_load_job j
          WHERE j.status IN ('queued', 'validating', 'loading') AND (j.lease_until IS NULL OR j.lease_until < now())
            AND NOT EXISTS (SELECT 1 FROM bulk_load_job o WHERE o.product_plan_id = j.product_plan_id
              AND o.status IN ('queued', 'validating', 'loading') AND (o.created_at, o.id) < (j.created_at, j.id))
          ORDER BY j.created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id::text AS id, product_plan_id::text AS product_plan_id, status, dry_run, remove_missing, loaded_row`,
      (rows) => Option.fromNullable(rows[0])
    ).pipe(Effect.orDie)

  /** The embedded database has one process: whatever a previous run held is free again at start. */
  const releaseAll = sql`UPDATE bulk_load_job SET owner = NULL, lease_until = NULL WHERE status IN ('validating', 'loading')`.pipe(Effect.orDie)

  /** A stopping process gives its job up at once: another process takes it on its next look instead of when the lease runs out. */
  const release = (owner: string) =>
    sql`UPDATE bulk_load_job SET owner = NULL, lease_until = NULL WHERE owner = ${owner} AND status IN ('validating', 'loading')`.pipe(Effect.orDie)

  const file = (id: string) =>
    Effect.map(sql<{ data: Uint8Array }>`SELECT data FROM bulk_load_file WHERE job_id = ${id}`, (rows) => Option.fromNullable(rows[0]?.data)).pipe(Effect.orDie)

  /** Reading starts over: a job taken over mid-read forgets what its last holder had read and listed. */
  const clearRows = (id: string) =>
    Effect.zipRight(sql`DELETE FROM bulk_load_missing WHERE job_id = ${id}`, sql`DELETE FROM bulk_load_row WHERE job_id = ${id}`).pipe(
      sql.withTransaction,
      Effect.orDie
    )

  /**
   * The next step of the review's list of the insured the file leaves out (storeLeftOut), by
   * index. None when this process no longer holds the job; else the last póliza walked (none at
   * the end of the plan) and how many of them were left out.
   */
  const listLeftOut = (
    id: string,
    owner: string,
    leaseSeconds: number,
    step: { readonly after: number | undefined; readonly size: number; readonly stored: number }
  ) =>
    Effect.map(Effect.zipRight(byIndex(sql), storeLeftOut(sql, { id, owner, leaseSeconds }, step)).pipe(sql.withTransaction), ([result]) =>
      result === undefined || result.held === 0 ? Option.none() : Option.some({ last: Option.fromNullable(result.last), stored: result.stored })
    ).pipe(Effect.orDie)

  /**
   * Stores a batch of read rows if this process still holds the job, renewing its lease, in one
   * statement: the renewal locks the job's row until the rows are in, so no other process takes
   * the job over in between. False when it no longer holds it (another process took it over and
   * reads the file again, or it was cancelled): nothing is stored. Batches come in file order: each
   * row's positions (0037) follow the highest the job's rows have so far, read from the indexes' end.
   */
  const storeRead = (id: string, owner: string, leaseSeconds: number, rows: ReadonlyArray<ReadRow>) =>
    Effect.map(
      sql<{ held: number }>`WITH held AS (
          UPDATE bulk_load_job SET lease_until = now() + make_interval(secs => ${leaseSeconds})
          WHERE id = ${id} AND owner = ${owner} AND status = 'validating' RETURNING id),
        batch AS (SELECT * FROM json_to_recordset(${JSON.stringify(rows)}::json)
          AS r(row integer, rut text, name text, outcome text, reasons jsonb, changes jsonb, record jsonb)),
        tops AS (SELECT o.outcome, ${storedRows(sql, id, sql`o.outcome`)} AS top FROM (SELECT DISTINCT outcome FROM batch) o),
        stored AS (INSERT INTO bulk_load_row (job_id, row, rut, name, outcome, reasons, changes, record, position, outcome_position)
          SELECT held.id, r.row, r.rut, r.name, r.outcome, r.reasons, r.changes, r.record,
            ${storedRows(sql, id, undefined)} + row_number() OVER (ORDER BY r.row), t.top + row_number() OVER (PARTITION BY r.outcome ORDER BY r.row)
          FROM held CROSS JOIN batch r JOIN tops t ON t.outcome = r.outcome)
        SELECT count(*)::int AS held FROM held`,
      ([result]) => (result?.held ?? 0) > 0
    ).pipe(Effect.orDie)

  /** The file is read and its left-out listed: its counts, and where it goes next (ready waits for a confirmation). */
  const finishReading = (id: string, owner: string, next: "ready" | "loading") =>
    sql`UPDATE bulk_load_job j SET status = ${next},
        total = ${storedRows(sql, id, undefined)}, count_new = ${storedRows(sql, id, "new")}, count_updated = ${storedRows(sql, id, "updated")},
        count_unchanged = ${storedRows(sql, id, "unchanged")}, count_failed = ${storedRows(sql, id, "failed")},
        count_missing = (SELECT COALESCE(max(position), 0) FROM bulk_load_missing WHERE job_id = ${id}),
        lease_until = CASE ${next} WHEN 'ready' THEN NULL ELSE j.lease_until END,
        owner = CASE ${next} WHEN 'ready' THEN NULL ELSE j.owner END
      WHERE j.id = ${id} AND j.owner = ${owner} AND j.status = 'validating'`.pipe(Effect.orDie)

  /**
   * A written batch of `count` rows up to row `last`: the job's progress and lease, in the batch's
   * transaction. False when this process no longer holds the job: the caller rolls the batch back.
   */
  const markLoaded = (id: string, owner: string, leaseSeconds: number, batch: { readonly last: number; readonly count: number }) =>
    Effect.map(
      sql`UPDATE bulk_load_job SET loaded_row = ${batch.last}, succeeded = succeeded + ${batch.count},
          lease_until = now() + make_interval(secs => ${leaseSeconds})
        WHERE id = ${id} AND owner = ${owner} AND status = 'loading' AND loaded_row < ${batch.last} RETURNING id`,
      (held) => held.length > 0
    )

  /** The missing insured's subscriptions ended: how many, in the same transaction. */
  const markRemoved = (id: string, removed: number) => sql`UPDATE bulk_load_job SET count_removed = ${removed} WHERE id = ${id}`

  /** The next batch to write after row `after`: up to `limit` valid rows, ending at row `last`; none when all are written. */
  const nextBatch = (id: string, after: number, limit: number) =>
    Effect.map(
      sql<{ last: number | null; count: number }>`SELECT max(row) AS last, count(*)::int AS count FROM (SELECT row FROM bulk_load_row
        WHERE job_id = ${id} AND outcome <> 'failed' AND row > ${after} ORDER BY row LIMIT ${limit}) b`,
      ([batch]) => (batch === undefined || batch.last === null ? Option.none() : Option.some({ after, last: batch.last, count: batch.count }))
    )

  const rows = (id: string, query: BulkLoadRowsQuery) => rowsPage(sql, id, query).pipe(Effect.orDie)

  /** How many rows of the job are stored so far (all, or one outcome): while the file is read; the job counts them once it is. */
  const rowsRead = (id: string, outcome: BulkLoadRowsQuery["outcome"]) =>
    Effect.map(sql<{ total: number }>`SELECT ${storedRows(sql, id, outcome)} AS total`, ([count]) => count?.total ?? 0).pipe(Effect.orDie)

  /** Every failed row, in file order, for the error workbook. */
  const failedRows = (id: string) =>
    sql<{ row: number; reasons: ReadonlyArray<string>; cells: Readonly<Record<string, string>> | null }>`SELECT row, reasons, record AS cells
      FROM bulk_load_row WHERE job_id = ${id} AND outcome = 'failed' ORDER BY row`.pipe(Effect.orDie)

  const missing = (id: string, query: Omit<BulkLoadRowsQuery, "outcome">) => {
    const { pageSize, offset } = keysetPageOf(query)
    return Effect.zipRight(byIndex(sql), leftOutPage(sql, id, { after: query.after, limit: pageSize, offset })).pipe(sql.withTransaction, Effect.orDie)
  }

  /**
   * Ends a job this process holds, done or failed. False when it no longer holds it: another
   * process took it over (this one stalled past its lease) or it was cancelled, and that one's
   * outcome stands.
   */
  const end = (id: string, owner: string, status: "done" | "failed", message: string | null = null) =>
    Effect.map(
      sql`UPDATE bulk_load_job SET status = ${status}, message = ${message}, owner = NULL, lease_until = NULL, finished_at = now()
        WHERE id = ${id} AND owner = ${owner} RETURNING id`,
      (rows) => rows.length > 0
    ).pipe(Effect.orDie)

  /** A checked file confirmed: it loads next, with or without removing the missing. False when it was not waiting. */
  const confirm = (id: string, removeMissing: boolean) =>
    Effect.map(
      sql`UPDATE bulk_load_job SET status = 'loading', remove_missing = ${removeMissing} WHERE id = ${id} AND status = 'ready' RETURNING id`,
      (rows) => rows.length > 0
    ).pipe(Effect.orDie)

  /** Cancels a job that has written nothing yet; a job that is loading has started to write and cannot be. */
  const cancel = (id: string) =>
    Effect.map(
      sql`UPDATE bulk_load_job SET status = 'cancelled', owner = NULL, lease_until = NULL, finished_at = now()
        WHERE id = ${id} AND status IN ('queued', 'validating', 'ready') RETURNING id`,
      (rows) => rows.length > 0
    ).pipe(Effect.orDie)

  /** Checked files left unconfirmed for `days`: discarded, their file deleted; the rows stay for the history. */
  const expireChecks = (days: number) =>
    sql`WITH expired AS (UPDATE bulk_load_job SET status = 'cancelled', finished_at = now(),
          message = ${`La revisión venció: nadie confirmó la carga en ${days} días`}
        WHERE status = 'ready' AND created_at < now() - make_interval(days => ${days}) RETURNING id)
      DELETE FROM bulk_load_file WHERE job_id IN (SELECT id FROM expired)`.pipe(Effect.orDie)

  /** The file is no longer needed once a job ended. */
  const dropFile = (id: string) => sql`DELETE FROM bulk_load_file WHERE job_id = ${id}`.pipe(Effect.orDie)

  /** Whether the channel offers the plan and the plan is active: an upload names both. */
  const channelHasPlan = (retailId: string, productPlanId: string) =>
    Effect.map(
      Effect.orDie(sql`SELECT 1 FROM product_plan pp WHERE pp.id = ${productPlanId} AND pp.retail_id = ${retailId} AND pp.is_active`),
      (rows) => rows.length > 0
    )

  return {
    channelHasPlan,
    create,
    find,
    list,
    tally,
    claim,
    releaseAll,
    release,
    file,
    clearRows,
    storeRead,
    listLeftOut,
    finishReading,
    markLoaded,
    markRemoved,
    nextBatch,
    rows,
    rowsRead,
    failedRows,
    missing,
    end,
    confirm,
    cancel,
    dropFile,
    expireChecks
  }
})

/** SQL of insured uploads: jobs, their files and rows. */
export class BulkLoadRepo extends Context.Tag("palma/BulkLoadRepo")<BulkLoadRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(BulkLoadRepo, make)
}
