import { type Call, isRestorable, type NamedRecord, recordCalls, staleVersionMessage } from "@palma/core"
import { useState } from "react"
import { notify } from "../lib/notify"
import type { WriteRejection } from "./FormDialog"
import type { TypedValue } from "./StaleRecord"
import { useTask } from "./useTask"

/**
 * Where the record is read again: a restorable group's `getById`, or a read of the form's own
 * (a plan, a provider, a person); either way the client then remembers its new version.
 */
type RecordSource<R> =
  | {
      /** The resource's group (`family`, `product`…); only restorable groups are read by id. */
      readonly name: string
      readonly call: Call
    }
  | { readonly read: (id: string) => Promise<R> }

export type StaleReloadOptions<V extends Record<string, unknown>, R> = RecordSource<R> & {
  /** The record edited; null while creating (nothing to reload). */
  readonly item: { readonly id: string } | null
  readonly rejection: WriteRejection | null
  /** The form (Mantine's): its values are read, then replaced as its new pristine state. */
  readonly form: { readonly getValues: () => V; readonly setValues: (values: V) => void; readonly resetDirty: (values: V) => void }
  /** The form's values for the record as the server holds it now. */
  readonly valuesOf: (latest: R) => V
  /** The fields the notice lists when what the person typed differs, by their labels. */
  readonly labels: Readonly<Partial<Record<keyof V & string, string>>>
}

const readerOf = <R>(source: RecordSource<R>): ((id: string) => Promise<R>) | null => {
  if ("read" in source) return source.read
  const { name, call } = source
  // A restorable group's getById answers its record (R is the group's, as the caller states).
  return isRestorable(name) ? (id) => recordCalls<NamedRecord>(call, name).read(id) as Promise<R> : null
}

const shown = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value) : "(sus cambios)")

/**
 * Someone else saved first (412): Recargar reads the record again (the client then remembers its
 * new version), puts it in the form, and lists what the person had typed, to re-apply. One piece
 * for every dialog form: the kit's generic one, the product's and the service's.
 */
export const useStaleReload = <V extends Record<string, unknown>, R = NamedRecord>(options: StaleReloadOptions<V, R>) => {
  const { item, rejection } = options
  const [typed, setTyped] = useState<ReadonlyArray<TypedValue> | null>(null)
  const read = readerOf(options)
  const stale = rejection?.message === staleVersionMessage && item !== null && read !== null

  // The values typed when Recargar was pressed travel with the read, to compare with what it brings.
  const reloading = useTask<{ readonly id: string; readonly mine: V }, R>(({ id }) => (read === null ? Promise.reject(new Error("sin lectura")) : read(id)), {
    done: (latest, { mine }) => {
      const { form } = options
      const now = options.valuesOf(latest)
      form.setValues(now)
      form.resetDirty(now)
      setTyped(
        Object.entries(options.labels).flatMap(([key, label]) =>
          typeof label === "string" && JSON.stringify(mine[key] ?? "") !== JSON.stringify(now[key] ?? "") ? [{ label, value: shown(mine[key] ?? "") }] : []
        )
      )
    },
    failed: (failure) => notify.error(failure.message)
  })

  const reload = () => {
    if (item !== null && read !== null) reloading.run({ id: item.id, mine: options.form.getValues() })
  }

  return { stale, notice: { message: rejection?.message ?? staleVersionMessage, typed, reloading: reloading.running, onReload: reload } }
}
