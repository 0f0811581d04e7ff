import { NumberInput, Select, Stack, Textarea, TextInput } from "@mantine/core"
import { type FormErrors, useForm } from "@mantine/form"
import { type FieldIssue, spanishIssues } from "@palma/core"
import { Either, Schema } from "effect"
import { useEffect } from "react"
import { FormActions, FormDialog, RejectionAlert, useDirtyForm, type WriteRejection } from "./FormDialog"
import { emptyRequired } from "./formErrors"
import { StaleRecord } from "./StaleRecord"
import { useStaleReload } from "./useStaleReload"
import { type Option, type Picker, withOption } from "./options"
import type { Texts } from "./text"
import type { Field, ResourceConfig } from "./types"
import { useFreshRejection } from "./useFreshRejection"

type Values = Record<string, string | number | null>

export type { WriteRejection }

export interface ResourceFormProps<A extends { readonly id: string }, I> {
  readonly config: ResourceConfig<A, I>
  readonly texts: Texts
  readonly opened: boolean
  /** The item edited; null creates. */
  readonly item: A | null
  /** Starting values of a new item (e.g. the family the list is filtered by). */
  readonly defaults: Partial<Record<string, string>>
  readonly canSubmit: boolean
  readonly saving: boolean
  readonly rejection: WriteRejection | null
  readonly onSubmit: (input: I) => void
  readonly onClose: () => void
  /** Reads the item again through the list's machine (after a 412: someone else saved first). */
  readonly read: (id: string) => Promise<A>
}

/** The create / edit dialog of a resource. */
export const ResourceForm = <A extends { readonly id: string }, I>(props: ResourceFormProps<A, I>) => (
  <FormDialog opened={props.opened} onClose={props.onClose} title={props.item === null ? props.texts.create : props.texts.edit}>
    {/* Remounted per item so each opening starts from that item's values. */}
    <FormBody key={props.item?.id ?? "new"} {...props} />
  </FormDialog>
)

const initialValue = <I,>(field: Field<I>, item: Record<string, unknown> | null, defaults: Partial<Record<string, string>>) => {
  const current = item?.[field.name]
  if (field.kind === "number") return typeof current === "number" ? current : ""
  if (field.kind === "select") return typeof current === "string" ? current : (defaults[field.name] ?? null)
  return typeof current === "string" ? current : ""
}

/**
 * The form's values as a request body: empty numbers and pickers are left out (so "obligatorio"),
 * and so are empty optional fields (the server's default applies).
 */
const bodyOf = <I,>(fields: ReadonlyArray<Field<I>>, values: Values) =>
  Object.fromEntries(
    fields.flatMap((field) => {
      const value = values[field.name]
      const empty = value === null || value === undefined || ((field.kind === "number" || field.optional === true) && value === "")
      return empty ? [] : [[field.name, value]]
    })
  )

const errorsOf = (issues: ReadonlyArray<FieldIssue>, fieldNames: ReadonlyArray<string>): FormErrors => {
  const errors: FormErrors = {}
  for (const issue of issues) {
    const name = String(issue.path[0] ?? "")
    if (fieldNames.includes(name) && errors[name] === undefined) errors[name] = issue.message
  }
  return errors
}

const FormBody = <A extends { readonly id: string }, I>({
  config,
  item,
  defaults,
  canSubmit,
  saving,
  rejection,
  onSubmit,
  onClose,
  read
}: ResourceFormProps<A, I>) => {
  const fieldNames = config.fields.map((f) => f.name as string)
  const required = config.fields.filter((f) => f.optional !== true).map((f) => f.name as string)
  const { shown, edited } = useFreshRejection(rejection)
  const decode = Schema.decodeUnknownEither(config.input, { errors: "all", onExcessProperty: "error" })
  const form = useForm<Values>({
    name: `${config.name}-form`,
    mode: "controlled",
    initialValues: Object.fromEntries(config.fields.map((f) => [f.name, initialValue(f, item as Record<string, unknown> | null, defaults)])),
    // The contract's Input schema decides, with the same Spanish messages the server would send;
    // an empty required field is said to be required before anything about its format.
    validate: (values) => ({
      ...Either.match(decode(bodyOf(config.fields, values)), {
        onLeft: (error) => errorsOf(spanishIssues(error), fieldNames),
        onRight: () => ({})
      }),
      ...emptyRequired(values, required)
    }),
    onValuesChange: edited
  })
  useDirtyForm(form.isDirty())

  // A refused write: its field messages go beside the fields (only when a new refusal arrives).
  const { setErrors } = form
  useEffect(() => {
    if (rejection !== null)
      setErrors(
        errorsOf(
          rejection.issues,
          config.fields.map((f) => f.name as string)
        )
      )
  }, [rejection, setErrors, config.fields])

  const otherIssues = shown?.issues.filter((i) => !fieldNames.includes(String(i.path[0] ?? ""))) ?? []

  // Someone else saved first (412): Recargar loads the current record (and its version) into the
  // form, and what the person typed stays listed beside it.
  const { stale, notice } = useStaleReload<Values, A>({
    read,
    item,
    rejection,
    form,
    valuesOf: (latest) => Object.fromEntries(config.fields.map((f) => [f.name, initialValue(f, { ...latest }, defaults)])),
    labels: Object.fromEntries(config.fields.map((f) => [f.name, f.label]))
  })

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        (values) => {
          const decoded = decode(bodyOf(config.fields, values))
          if (Either.isRight(decoded)) onSubmit(decoded.right)
        },
        (errors) => {
          const first = config.fields.find((f) => errors[f.name] !== undefined)
          if (first !== undefined) form.getInputNode(first.name)?.focus()
        }
      )}
    >
      <Stack>
        {stale || notice.typed !== null ? <StaleRecord {...notice} /> : <RejectionAlert rejection={shown} unshown={otherIssues} />}
        {config.fields.map((field, index) => (
          <FieldInput
            key={field.name}
            field={field}
            autoFocus={index === 0}
            current={field.kind === "select" && item !== null ? field.picker.current(item) : null}
            inputProps={{ key: form.key(field.name), ...form.getInputProps(field.name) }}
          />
        ))}
        <FormActions canSubmit={canSubmit} saving={saving} onClose={onClose} />
      </Stack>
    </form>
  )
}

interface FieldInputProps<I> {
  readonly field: Field<I>
  readonly autoFocus: boolean
  /** The edited item's own choice, offered even if it is no longer active. */
  readonly current: Option | null
  readonly inputProps: ReturnType<ReturnType<typeof useForm<Values>>["getInputProps"]> & { key: string }
}

const FieldInput = <I,>({ field, autoFocus, current, inputProps }: FieldInputProps<I>) => {
  const { key, ...input } = inputProps
  // Mantine's modal focuses the element marked data-autofocus instead of its close button.
  const common = { label: field.label, required: field.optional !== true, description: field.hint, "data-autofocus": autoFocus || undefined }
  switch (field.kind) {
    case "text":
      return <TextInput key={key} {...common} {...input} />
    case "textarea":
      return <Textarea key={key} {...common} rows={3} resize="vertical" {...input} />
    case "number":
      return <NumberInput key={key} {...common} allowDecimal={false} allowNegative={false} {...input} />
    case "letter":
      return (
        <TextInput
          key={key}
          {...common}
          {...input}
          maxLength={1}
          w="8rem"
          styles={{ input: { textTransform: "uppercase" } }}
          onChange={(e) => input.onChange(e.currentTarget.value.toUpperCase())}
        />
      )
    case "select":
      return <PickerSelect key={key} picker={field.picker} current={current} common={common} input={input} />
  }
}

interface PickerSelectProps {
  readonly picker: Picker
  readonly current: Option | null
  readonly common: { label: string; required: boolean; description: string | undefined; "data-autofocus": true | undefined }
  readonly input: Omit<FieldInputProps<unknown>["inputProps"], "key">
}

/** A select whose options come from the screen's picker (a shared list, loaded once per session). */
const PickerSelect = ({ picker, current, common, input }: PickerSelectProps) => {
  const list = picker.useOptions()
  return (
    <Select
      {...common}
      {...input}
      data={withOption(list.options, current)}
      placeholder={list.status === "loading" ? picker.texts.loading : "Seleccione…"}
      error={input.error ?? (list.status === "error" ? picker.texts.failed : undefined)}
      searchable
      openOnFocus={false}
      allowDeselect={false}
      nothingFoundMessage="Sin resultados"
    />
  )
}
