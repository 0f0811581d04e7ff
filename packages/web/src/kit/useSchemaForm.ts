import { type FormErrors, useForm } from "@mantine/form"
import { type FieldIssue, spanishIssues } from "@palma/core"
import { Either, Schema } from "effect"
import { type FormEvent, useEffect, useMemo, useRef } from "react"
import { type IssueKey, issuesByField } from "./formErrors"
import { useDirtyForm, type WriteRejection } from "./FormDialog"
import { useFreshRejection } from "./useFreshRejection"

export interface SchemaFormOptions<V extends Record<string, unknown>, I> {
  /** Names the form's inputs (Mantine's form name). */
  readonly name: string
  readonly initialValues: V
  /** The contract's Input schema: decides what may be sent, with the server's Spanish messages. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any wire shape: only the decoded side is used
  readonly schema: Schema.Schema<I, any>
  /** The request body the values stand for. */
  readonly bodyOf: (values: V) => unknown
  /** Where the form shows an issue of the schema or of the server. */
  readonly keyOf: IssueKey
  /** Checks of the form's own, before the schema's (text that is not yet a value, like "1,255"). */
  readonly check?: (values: V) => FormErrors
  readonly rejection: WriteRejection | null
  readonly onSubmit: (input: I) => void
}

/**
 * A form of nested or ordered values validated by the contract's schema before sending: its
 * messages (and a refused write's) go beside the fields they concern, the rest to the alert above,
 * and a failed submit moves the focus to the first field marked invalid. Inside a FormDialog,
 * unsaved changes make closing it or leaving the page ask first.
 */
export const useSchemaForm = <V extends Record<string, unknown>, I>(options: SchemaFormOptions<V, I>) => {
  const { schema, bodyOf, keyOf, check, rejection, onSubmit } = options
  const { shown, edited } = useFreshRejection(rejection)
  const decode = useMemo(() => Schema.decodeUnknownEither(schema, { errors: "all", onExcessProperty: "error" }), [schema])
  const form = useForm<V>({
    name: options.name,
    mode: "controlled",
    initialValues: options.initialValues,
    validate: (values) => ({
      ...Either.match(decode(bodyOf(values)), { onLeft: (e) => issuesByField(spanishIssues(e), keyOf).errors, onRight: () => ({}) }),
      ...check?.(values)
    }),
    onValuesChange: edited
  })
  useDirtyForm(form.isDirty())

  const { setErrors } = form
  useEffect(() => {
    if (rejection !== null) setErrors(issuesByField(rejection.issues, keyOf).errors)
  }, [rejection, setErrors, keyOf])
  const unshown: ReadonlyArray<FieldIssue> = shown === null ? [] : issuesByField(shown.issues, keyOf).unshown

  const element = useRef<HTMLFormElement>(null)
  const submit = (event?: FormEvent<HTMLFormElement>) =>
    form.onSubmit(
      (values) => {
        const decoded = decode(bodyOf(values))
        if (Either.isRight(decoded)) onSubmit(decoded.right)
      },
      () => requestAnimationFrame(() => element.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
    )(event)

  /** `rejection`: the refusal to show, gone once the person edits the form. */
  return { form, submit, rejection: shown, unshown, element }
}
