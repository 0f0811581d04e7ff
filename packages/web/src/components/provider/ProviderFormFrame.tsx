import { Button, Group, Stack } from "@mantine/core"
import type { FieldIssue, ProviderKind } from "@palma/core"
import type { ComponentProps, FormEvent, ReactNode, RefObject } from "react"
import { Link } from "react-router"
import { LeaveGuard, RejectionAlert, StaleRecord } from "../../kit"
import type { ProviderFormProps } from "./ProviderPage"

/** Where a form shows an issue: at the field of that name, when the form has one. */
export const fieldKeyOf = (values: Record<string, unknown>) => {
  const fields = new Set(Object.keys(values))
  return (path: ReadonlyArray<string | number>) => (typeof path[0] === "string" && fields.has(path[0]) ? path[0] : null)
}

interface ProviderFormFrameProps<K extends ProviderKind> {
  /** What the page handed the kind's form. */
  readonly page: ProviderFormProps<K>
  /** The form's accessible name: "Datos del especialista". */
  readonly label: string
  readonly element: RefObject<HTMLFormElement | null>
  readonly submit: (event?: FormEvent<HTMLFormElement>) => void
  readonly dirty: boolean
  readonly unshown: ReadonlyArray<FieldIssue>
  /** What useStaleReload says of a save refused over someone else's change (412). */
  readonly staleness: { readonly stale: boolean; readonly notice: ComponentProps<typeof StaleRecord> }
  readonly children: ReactNode
}

/**
 * What every provider form has around its fields: the leave guard, the server's refusal (or, over
 * someone else's change, Recargar and then what the person had typed), and Volver / Guardar.
 */
export const ProviderFormFrame = <K extends ProviderKind>({ page, label, element, submit, dirty, unshown, staleness, children }: ProviderFormFrameProps<K>) => (
  <form ref={element} noValidate aria-label={label} onSubmit={submit}>
    <Stack>
      <LeaveGuard dirty={dirty && !page.writing} />
      {staleness.stale || staleness.notice.typed !== null ? (
        <StaleRecord {...staleness.notice} />
      ) : (
        <RejectionAlert rejection={page.rejection} unshown={unshown} />
      )}
      {children}
      <Group justify="flex-end">
        <Button component={Link} to={page.listPath} variant="default">
          {`Volver a ${page.listTitle}`}
        </Button>
        <Button type="submit" loading={page.saving}>
          {page.submitLabel}
        </Button>
      </Group>
    </Stack>
  </form>
)
