import type { FormErrors } from "@mantine/form"
import { type FieldIssue, REQUIRED } from "@palma/core"

/** Mantine's key of a field at `path`: "name", "benefits.2", "assistances.0.amount". */
export const pathKey = (path: ReadonlyArray<string | number>): string => path.join(".")

/**
 * Field messages by Mantine key, the first one per field, for the issues `shows` says the form
 * displays; the rest belong in the alert above the form.
 */
export const errorsAt = (issues: ReadonlyArray<FieldIssue>, shows: (key: string) => boolean): FormErrors => {
  const errors: FormErrors = {}
  for (const issue of issues) {
    const key = pathKey(issue.path)
    if (shows(key) && errors[key] === undefined) errors[key] = issue.message
  }
  return errors
}

/** Where a form shows the issue at `path` (a Mantine key), or null when no field of it does. */
export type IssueKey = (path: ReadonlyArray<string | number>) => string | null

/**
 * Issues split into field messages by the key `keyOf` gives each (the first per field) and those
 * no field shows, which belong in the alert above the form.
 */
export const issuesByField = (
  issues: ReadonlyArray<FieldIssue>,
  keyOf: IssueKey
): { readonly errors: FormErrors; readonly unshown: ReadonlyArray<FieldIssue> } => {
  const errors: FormErrors = {}
  const unshown: FieldIssue[] = []
  for (const issue of issues) {
    const key = keyOf(issue.path)
    if (key === null) unshown.push(issue)
    else if (errors[key] === undefined) errors[key] = issue.message
  }
  return { errors, unshown }
}

const isEmpty = (value: unknown) => value === null || value === undefined || (typeof value === "string" && value.trim() === "")

/** `REQUIRED` for each of the `required` fields left empty: it goes before what the schema says of them. */
export const emptyRequired = <V extends object>(values: V, required: ReadonlyArray<keyof V & string>): FormErrors =>
  Object.fromEntries(required.filter((name) => isEmpty(values[name])).map((name) => [name, REQUIRED]))
