import { Schema } from "effect"
import { Id } from "./fields.js"
import { liveDataDecoder } from "./liveData.js"
import { PageNumber } from "./page.js"
import { INVALID_PAGE_SIZE, INVALID_PAGE } from "./messages.js"

/** Where a roster job is: checked and read (validating), waiting for a confirmation (ready), writing (loading)… */
export const bulkLoadStatuses = ["queued", "validating", "ready", "loading", "done", "failed", "cancelled"] as const
export const BulkLoadStatus = Schema.Literal(...bulkLoadStatuses)
export type BulkLoadStatus = typeof BulkLoadStatus.Type

export const bulkLoadStatusLabel: Record<BulkLoadStatus, string> = {
  queued: "En cola",
  validating: "Revisando",
  ready: "Listo para cargar",
  loading: "Cargando",
  done: "Terminado",
  failed: "Falló",
  cancelled: "Cancelado"
}

/** A job that will not change any more. */
export const isBulkLoadFinished = (status: BulkLoadStatus): boolean => status === "done" || status === "failed" || status === "cancelled"

/**
 * What a row of the file does, compared with what is stored when the file was read: a person new
 * to Palma, a person already in Palma whose data or subscription on the plan it changes, or nothing.
 */
export const rowOutcomes = ["new", "updated", "unchanged", "failed"] as const
export const RowOutcome = Schema.Literal(...rowOutcomes)
export type RowOutcome = typeof RowOutcome.Type

export const rowOutcomeLabel: Record<RowOutcome, string> = {
  new: "Nuevo",
  updated: "Actualizado",
  unchanged: "Sin cambios",
  failed: "Con errores"
}

/** The diff of a file against the plan: rows by outcome, and the plan's insured the file leaves out. */
export const BulkLoadCounts = Schema.Struct({
  new: Schema.Number,
  updated: Schema.Number,
  unchanged: Schema.Number,
  failed: Schema.Number,
  missing: Schema.Number,
  removed: Schema.Number
})
export type BulkLoadCounts = typeof BulkLoadCounts.Type

/**
 * An insured upload (`retail/addLeadFromExcel`): the original answered `{total, error}`, which
 * stay (rows read and rows failed); the rest is Palma's job. `processed` and `succeeded` are the
 * rows written so far; `removeMissing` whether the plan's insured missing from the file lose their
 * coverage once the whole file loaded.
 */
export const BulkLoadJob = Schema.Struct({
  id: Id,
  retail_id: Id,
  retail_name: Schema.String,
  productPlan_id: Id,
  product_name: Schema.String,
  fileName: Schema.String,
  user_id: Schema.NullOr(Schema.String),
  user_name: Schema.String,
  dryRun: Schema.Boolean,
  removeMissing: Schema.Boolean,
  status: BulkLoadStatus,
  total: Schema.Number,
  error: Schema.Number,
  processed: Schema.Number,
  succeeded: Schema.Number,
  counts: BulkLoadCounts,
  message: Schema.NullOr(Schema.String),
  createdAt: Schema.String,
  startedAt: Schema.NullOr(Schema.String),
  finishedAt: Schema.NullOr(Schema.String)
})
export type BulkLoadJob = typeof BulkLoadJob.Type

/** A job event's `data` line as sent, or undefined when it is not one (a follower ignores what it cannot read). */
export const decodeBulkLoadJob = liveDataDecoder(BulkLoadJob)

/**
 * One thing a row changes for a person already in Palma: a column of the file (`label`, its header
 * in the plan's format) with what is stored (null: nothing) and what the file brings, as people read
 * them (dates dd-mm-aaaa, the comuna's name); or `subscription` when the person gets one on the plan.
 */
export const RowChange = Schema.Struct({
  field: Schema.String,
  label: Schema.String,
  from: Schema.NullOr(Schema.String),
  to: Schema.String
})
export type RowChange = typeof RowChange.Type

/** "Correo: ana@a.cl → ana@b.cl"; "Comuna: (vacío) → Ñuñoa"; "Suscripción al plan: ninguna → nueva". */
export const rowChangeText = (change: RowChange): string => `${change.label}: ${change.from ?? "(vacío)"} → ${change.to}`

/**
 * One row of the file as read: its Excel row number, the RUT as written, what it does (with what
 * it changes, for an updated row) and why it failed.
 */
export const BulkLoadRow = Schema.Struct({
  row: Schema.Number,
  rut: Schema.String,
  name: Schema.String,
  outcome: RowOutcome,
  reasons: Schema.Array(Schema.String),
  changes: Schema.Array(RowChange),
  lead_id: Schema.NullOr(Schema.String),
  loaded: Schema.Boolean
})
export type BulkLoadRow = typeof BulkLoadRow.Type

/** An insured of the plan whom the file leaves out (with `removeMissing`, their subscription ends). */
export const MissingInsured = Schema.Struct({
  lead_id: Schema.String,
  subscription_id: Schema.Number,
  rut: Schema.String,
  name: Schema.String,
  endDate: Schema.String
})
export type MissingInsured = typeof MissingInsured.Type

export const BulkLoadPath = Schema.Struct({ id: Id })

/** The history's filters: a channel, a plan, and the page. */
export const BulkLoadListQuery = Schema.Struct({
  retail_id: Schema.optional(Id),
  productPlan_id: Schema.optional(Id),
  page: Schema.optional(PageNumber(1, Number.MAX_SAFE_INTEGER, INVALID_PAGE)),
  pageSize: Schema.optional(PageNumber(1, 200, INVALID_PAGE_SIZE))
})
export type BulkLoadListQuery = typeof BulkLoadListQuery.Type

/**
 * A page of a job's diff: its rows (all, or one outcome) or the insured its file leaves out.
 * `after` is the key of the last row of the page before (a row's number, a missing insured's
 * póliza): the page after it is read from there by index, as cheap on page 5 000 as on page 1.
 * Without it, `page` counts from the start (each page costs its depth). `page` is echoed back
 * either way, as the number the client shows.
 */
export const BulkLoadRowsQuery = Schema.Struct({
  outcome: Schema.optional(RowOutcome),
  after: Schema.optional(PageNumber(0, Number.MAX_SAFE_INTEGER, "Cursor de página inválido")),
  page: Schema.optional(PageNumber(1, Number.MAX_SAFE_INTEGER, INVALID_PAGE)),
  pageSize: Schema.optional(PageNumber(1, 200, INVALID_PAGE_SIZE))
})
export type BulkLoadRowsQuery = typeof BulkLoadRowsQuery.Type

/** Confirming a checked file: load it, and whether the insured missing from it lose their coverage. */
export const BulkLoadConfirm = Schema.Struct({ removeMissing: Schema.optionalWith(Schema.Boolean, { default: () => false }) })
export type BulkLoadConfirm = typeof BulkLoadConfirm.Type

/**
 * Days a checked file waits for its confirmation: then it is discarded with its file, so rosters
 * (personal data) nobody went on with are not kept for ever.
 */
export const BULK_LOAD_REVIEW_DAYS = 7

/** The form's limit: the file itself, before the server unzips anything. */
export const BULK_LOAD_MAX_BYTES = 20 * 1024 * 1024
/** A roster over that limit, whether the screen or the server sees it first. */
export const ROSTER_TOO_LARGE = "El archivo supera el máximo de 20 MB"
/** A roster form sent without its file. */
export const ROSTER_MISSING = "Adjunte el archivo Excel"
