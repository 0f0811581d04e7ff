import { Stack } from "@mantine/core"
import type { FormErrors } from "@mantine/form"
import type { FieldIssue } from "@palma/core"
import type { ComponentType, FormEvent, ReactNode, RefObject } from "react"
import { FormActions, FormDialog, RejectionAlert, type WriteRejection } from "./FormDialog"
import type { IssueKey } from "./formErrors"
import type { ResourceFormProps } from "./ResourceForm"
import { StaleRecord } from "./StaleRecord"
import { useSchemaForm } from "./useSchemaForm"
import { useStaleReload } from "./useStaleReload"

/**
 * The dialog of a form that edits a whole record (a product, an assistance) from a list: titled
 * for creating or editing, and its body remounted per item so each opening starts from that
 * item's values.
 */
export const recordFormDialog = <A extends { readonly id: string }, I>(Body: ComponentType<ResourceFormProps<A, I>>) => {
  const RecordFormDialog = (props: ResourceFormProps<A, I>) => (
    <FormDialog opened={props.opened} onClose={props.onClose} title={props.item === null ? props.texts.create : props.texts.edit} size="xl">
      <Body key={props.item?.id ?? "new"} {...props} />
    </FormDialog>
  )
  return RecordFormDialog
}

export interface RecordFormOptions<A extends { readonly id: string }, V extends Record<string, unknown>, I> {
  /** What the list hands its form. */
  readonly props: ResourceFormProps<A, I>
  /** Names the form's inputs. */
  readonly name: string
  /** The form's values for a record (null: a new one): its start, and what Recargar puts in it. */
  readonly valuesOf: (item: A | null) => V
  readonly bodyOf: (values: V) => unknown
  readonly keyOf: IssueKey
  readonly check?: (values: V) => FormErrors
  /** The fields the 412 notice lists when what the person typed differs, by their labels. */
  readonly labels: Readonly<Partial<Record<keyof V & string, string>>>
}

/** What RecordForm needs from useRecordForm. */
export interface RecordFormFrame {
  readonly element: RefObject<HTMLFormElement | null>
  readonly submit: (event?: FormEvent<HTMLFormElement>) => void
  readonly stale: boolean
  readonly notice: Parameters<typeof StaleRecord>[0]
  readonly refusal: WriteRejection | null
  readonly unshown: ReadonlyArray<FieldIssue>
  readonly saving: boolean
  readonly onClose: () => void
}

/**
 * A whole record's form: checked by the contract's schema, its refusal beside the fields, and a
 * save over someone else's change (412) answered with Recargar. `error(key)` is a field's message.
 */
export const useRecordForm = <A extends { readonly id: string }, V extends Record<string, unknown>, I>(options: RecordFormOptions<A, V, I>) => {
  const { props, valuesOf } = options
  const { form, submit, rejection, unshown, element } = useSchemaForm<V, I>({
    name: options.name,
    initialValues: valuesOf(props.item),
    schema: props.config.input,
    bodyOf: options.bodyOf,
    keyOf: options.keyOf,
    ...(options.check === undefined ? {} : { check: options.check }),
    rejection: props.rejection,
    onSubmit: props.onSubmit
  })
  const { stale, notice } = useStaleReload<V, A>({ read: props.read, item: props.item, rejection: props.rejection, form, valuesOf, labels: options.labels })
  const error = (key: string) => (form.errors[key] === undefined ? undefined : String(form.errors[key]))
  const frame: RecordFormFrame = { element, submit, stale, notice, refusal: rejection, unshown, saving: props.saving, onClose: props.onClose }
  return { form, values: form.values, error, frame }
}

/** The form element: the 412 notice or the refusal above the fields, Cancelar and Guardar below. */
export const RecordForm = ({ frame, canSubmit, children }: { readonly frame: RecordFormFrame; readonly canSubmit: boolean; readonly children: ReactNode }) => (
  <form ref={frame.element} noValidate onSubmit={frame.submit}>
    <Stack>
      {frame.stale || frame.notice.typed !== null ? <StaleRecord {...frame.notice} /> : <RejectionAlert rejection={frame.refusal} unshown={frame.unshown} />}
      {children}
      <FormActions canSubmit={canSubmit} saving={frame.saving} onClose={frame.onClose} />
    </Stack>
  </form>
)
