import { Alert, Button, Code, CopyButton, Group, Modal, NumberInput, Stack, Text, TextInput } from "@mantine/core"
import {
  type Call,
  type IssuedJobToken,
  JOB_TOKEN_DEFAULT_DAYS,
  JOB_TOKEN_MAX_DAYS,
  JobTokenInput,
  formatInstantDay,
  type ManagedUser,
  roleLabel
} from "@palma/core"
import { useEffect, useRef, useState } from "react"
import { RejectionAlert, useSchemaForm, useTask, type WriteRejection } from "../../kit"

interface IssueTokenDialogProps {
  readonly call: Call
  /** The account the token acts as. */
  readonly user: ManagedUser
  /** `issued`: a token was issued, so the list of tokens changed. */
  readonly onClose: (issued: boolean) => void
}

/** The dialog's title, its form's name, and the name of the button that opens it. */
export const issueTokenFor = (fullName: string) => `Emitir token para ${fullName}`

/**
 * «Emitir token…» for one account: a name and how many days it lives (checked by the contract's
 * schema, then by the server), then its secret, shown this once with a copy button and how a
 * scheduled job uses it. Closing the dialog forgets the secret.
 */
export const IssueTokenDialog = ({ call, user, onClose }: IssueTokenDialogProps) => {
  const [issued, setIssued] = useState<IssuedJobToken | null>(null)
  const issue = useTask((input: JobTokenInput) => call((c) => c.users.issueJobToken({ path: { id: user.id }, payload: input })), {
    done: (token) => setIssued(token)
  })
  // Closed while the call is on its way, a token may still be issued: the list is loaded again then too.
  const close = () => onClose(issued !== null || issue.running)
  return (
    <Modal
      opened
      onClose={close}
      title={issued === null ? issueTokenFor(user.fullName) : `Token «${issued.name}» emitido`}
      size="lg"
      centered
      // The secret is shown once: a stray click beside the dialog must not lose it.
      closeOnClickOutside={issued === null}
      closeButtonProps={{ "aria-label": "Cerrar" }}
      styles={{ title: { fontWeight: 700 } }}
    >
      {issued === null ? (
        <IssueForm user={user} saving={issue.running} rejection={issue.failure} onSubmit={issue.run} onCancel={close} />
      ) : (
        <IssuedSecret issued={issued} onDone={close} />
      )}
    </Modal>
  )
}

type Values = {
  name: string
  /** NumberInput's value: "" when empty (the server's default then). */
  days: number | string
}

// Module-level: useSchemaForm's effects depend on it.
const keyOf = (path: ReadonlyArray<string | number>) => {
  const key = String(path[0] ?? "")
  return key === "name" || key === "days" ? key : null
}

interface IssueFormProps {
  readonly user: ManagedUser
  readonly saving: boolean
  readonly rejection: WriteRejection | null
  readonly onSubmit: (input: JobTokenInput) => void
  readonly onCancel: () => void
}

const IssueForm = ({ user, saving, rejection, onSubmit, onCancel }: IssueFormProps) => {
  const {
    form,
    submit,
    rejection: shown,
    unshown,
    element
  } = useSchemaForm<Values, JobTokenInput>({
    name: "job-token-form",
    initialValues: { name: "", days: JOB_TOKEN_DEFAULT_DAYS },
    schema: JobTokenInput,
    bodyOf: ({ name, days }) => ({ name, days: days === "" ? null : days }),
    keyOf,
    rejection,
    onSubmit
  })
  return (
    <form ref={element} noValidate aria-label={issueTokenFor(user.fullName)} onSubmit={submit}>
      <Stack>
        <RejectionAlert rejection={shown} unshown={unshown} />
        <Text size="sm">
          La tarea actuará como {user.email}
          {user.role !== null && ` (${roleLabel[user.role]})`}: podrá hacer lo que el rol de esa cuenta permita, sin que nadie inicie sesión.
        </Text>
        <TextInput
          label="Nombre"
          description="Para reconocerlo en la lista, p. ej. «Exportación nocturna»"
          withAsterisk
          data-autofocus
          autoComplete="off"
          {...form.getInputProps("name")}
        />
        <NumberInput
          label="Días"
          description={`Cuántos días vive el token, de 1 a ${JOB_TOKEN_MAX_DAYS}; vacío: ${JOB_TOKEN_DEFAULT_DAYS}`}
          min={1}
          max={JOB_TOKEN_MAX_DAYS}
          clampBehavior="none"
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps("days")}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
          <Button type="submit" loading={saving}>
            Emitir token
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

const IssuedSecret = ({ issued, onDone }: { readonly issued: IssuedJobToken; readonly onDone: () => void }) => {
  const field = useRef<HTMLInputElement>(null)
  // The form that had the focus is gone: the secret takes it, selected, ready to copy.
  useEffect(() => {
    field.current?.focus()
    field.current?.select()
  }, [])
  return (
    <Stack>
      <Alert color="yellow" title="Cópielo ahora: no se volverá a mostrar">
        Palma no guarda el token en claro: si lo pierde, revóquelo y emita otro.
      </Alert>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          ref={field}
          label="Token"
          readOnly
          value={issued.token}
          onFocus={(e) => e.currentTarget.select()}
          style={{ flex: 1 }}
          styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
        />
        <CopyButton value={issued.token} timeout={2000}>
          {({ copied, copy }) => (
            <Button variant={copied ? "filled" : "light"} color={copied ? "teal" : undefined} onClick={copy}>
              {copied ? "Copiado" : "Copiar"}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="sm">La tarea programada lo recibe en la variable PALMA_TOKEN, por ejemplo:</Text>
      <Code block>{`PALMA_API_URL=${window.location.origin} PALMA_TOKEN=… palma cases export …`}</Code>
      <Text size="sm" c="dimmed">
        Actúa como {issued.userEmail} y vence el {formatInstantDay(issued.expiresAt)}, salvo que se revoque antes.
      </Text>
      <Group justify="flex-end">
        <Button onClick={onDone}>Listo</Button>
      </Group>
    </Stack>
  )
}
