import { type Call, isRestorable, messageOf, type NamedRecord, recordCalls, staleVersionMessage } from "@palma/core"
import { useState } from "react"
import { notify } from "../lib/notify"
import type { WriteRejection } from "./FormDialog"
import type { TypedValue } from "./StaleRecord"

export interface StaleReloadOptions<V extends Record<string, unknown>, R extends NamedRecord> {
  /** The resource's group (`family`, `product`…); only restorable groups are read by id. */
  readonly name: string
  readonly call: Call
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

const shown = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value) : "(sus cambios)")

/**
 * Someone else saved first (412): Recargar reads the record again (the client then remembers its
 * new version), puts it in the form, and lists what the person had typed, to re-apply. One piece
 * for every dialog form: the kit's generic one, the product's and the service's.
 */
export const useStaleReload = <V extends Record<string, unknown>, R extends NamedRecord = NamedRecord>(options: StaleReloadOptions<V, R>) => {
  const { name, call, item, rejection } = options
  const [typed, setTyped] = useState<ReadonlyArray<TypedValue> | null>(null)
  const [reloading, setReloading] = useState(false)
  const stale = rejection?.message === staleVersionMessage && item !== null && isRestorable(name)

  const reload = () => {
    if (item === null || !isRestorable(name)) return
    const { form } = options
    const mine = form.getValues()
    setReloading(true)
    recordCalls<R>(call, name)
      .read(item.id)
      .then(
        (latest) => {
          const now = options.valuesOf(latest)
          form.setValues(now)
          form.resetDirty(now)
          setTyped(
            Object.entries(options.labels).flatMap(([key, label]) =>
              typeof label === "string" && JSON.stringify(mine[key] ?? "") !== JSON.stringify(now[key] ?? "") ? [{ label, value: shown(mine[key] ?? "") }] : []
            )
          )
        },
        (error: unknown) => notify.error(messageOf(error, "No se pudo recargar el registro"))
      )
      .finally(() => setReloading(false))
  }

  return { stale, notice: { message: rejection?.message ?? staleVersionMessage, typed, reloading, onReload: reload } }
}
