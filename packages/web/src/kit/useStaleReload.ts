import { type NamedRecord, staleVersionMessage } from "@palma/core"
import { useState } from "react"
import { notify } from "../lib/notify"
import type { WriteRejection } from "./FormDialog"
import type { TypedValue } from "./StaleRecord"
import { useTask } from "./useTask"

export interface StaleReloadOptions<V extends Record<string, unknown>, R> {
  /** Reads the record again through the machine that edits it, which then holds its new version. */
  readonly read: (id: string) => Promise<R>
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
 * Someone else saved first (412): Recargar reads the record again (its machine then holds its new
 * version), puts it in the form, and lists what the person had typed, to re-apply. One piece for
 * every dialog form: the kit's generic one, the product's and the service's.
 */
export const useStaleReload = <V extends Record<string, unknown>, R = NamedRecord>(options: StaleReloadOptions<V, R>) => {
  const { item, rejection } = options
  const [typed, setTyped] = useState<ReadonlyArray<TypedValue> | null>(null)
  const stale = rejection?.message === staleVersionMessage && item !== null

  // The values typed when Recargar was pressed travel with the read, to compare with what it brings.
  const reloading = useTask<{ readonly id: string; readonly mine: V }, R>(({ id }) => options.read(id), {
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
    if (item !== null) reloading.run({ id: item.id, mine: options.form.getValues() })
  }

  return { stale, notice: { message: rejection?.message ?? staleVersionMessage, typed, reloading: reloading.running, onReload: reload } }
}
