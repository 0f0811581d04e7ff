import { Alert, Button, Grid, Group, List, Loader, Paper, Stack, Text, Title } from "@mantine/core"
import {
  availableFields,
  type Call,
  type Column,
  type ColumnEdit,
  FileFormatInput,
  fileFormatMachine,
  formatPayload,
  initialColumns,
  sameColumns,
  savedColumns,
  spanishIssues
} from "@palma/core"
import { useActorRef, useSelector } from "@xstate/react"
import { Either, Schema } from "effect"
import { useEffect, useState } from "react"
import { ConfirmDelete, LeaveGuard, useFreshRejection, useTask } from "../../kit"
import { notify } from "../../lib/notify"
import { AvailableFields } from "./AvailableFields"
import { COLUMNS_LABEL, ColumnsEditor } from "./ColumnsEditor"
import { downloadTemplate } from "./downloadTemplate"
import { repeatedHeaders } from "./repeatedHeaders"

const decode = Schema.decodeUnknownEither(FileFormatInput, { errors: "all", onExcessProperty: "error" })

interface Issues {
  readonly headers: Readonly<Record<number, string>>
  readonly general: ReadonlyArray<string>
}

const noIssues: Issues = { headers: {}, general: [] }

/** What the contract's schema says of the columns, with each repeated header marked on its row. */
const checkColumns = (planId: string, columns: ReadonlyArray<Column>): Issues => {
  const found = Either.match(decode(formatPayload(planId, columns)), { onLeft: (e) => sortIssues(spanishIssues(e)), onRight: () => noIssues })
  return { headers: { ...repeatedHeaders(columns), ...found.headers }, general: found.general }
}

const merged = (a: Issues, b: Issues): Issues => ({ headers: { ...b.headers, ...a.headers }, general: [...new Set([...a.general, ...b.general])] })

/** Issues on `fields.<i>.header` go beside that header; the rest above the list. */
const sortIssues = (issues: ReadonlyArray<{ readonly path: ReadonlyArray<string | number>; readonly message: string }>): Issues => {
  const headers: Record<number, string> = {}
  const general: string[] = []
  for (const issue of issues) {
    const [root, index, leaf] = issue.path
    if (root === "fields" && typeof index === "number" && leaf === "header") headers[index] ??= issue.message
    else if (!general.includes(issue.message)) general.push(issue.message)
  }
  return { headers, general }
}

interface FormatEditorProps {
  readonly call: Call
  readonly planId: string
  /** "Hogar Full de Banco Sur", for dialogs. */
  readonly planName: string
  /** The retail's and the plan's names, which name the downloaded template. */
  readonly names: { readonly retail: string; readonly plan: string }
}

/** The format of one plan: available fields on one side, the Excel's columns on the other. */
export const FormatEditor = ({ call, planId, planName, names }: FormatEditorProps) => {
  const [machine] = useState(() => fileFormatMachine(call))
  const actor = useActorRef(machine, { input: { id: planId } })
  const status = useSelector(actor, (s) => s.value as string)
  const { record, draft: columns, failure, rejection } = useSelector(actor, (s) => s.context)
  const fields = record?.fields ?? []
  const saved = savedColumns(record)
  // Once a save was refused here, the columns are checked again on every change, so marks leave as they are fixed.
  const [tried, setTried] = useState(false)
  const { shown: refusal, edited: forgetRefusal } = useFreshRejection(rejection)
  const [confirming, setConfirming] = useState(false)
  const template = useTask<void, void>(() => downloadTemplate(call, planId, names), { failed: (failure) => notify.error(failure.message) })

  useEffect(() => {
    const onSaved = actor.on("saved", () => notify.success("Formato guardado"))
    const onDeleted = actor.on("deleted", () => {
      setConfirming(false)
      notify.success("Formato eliminado")
    })
    return () => {
      onSaved.unsubscribe()
      onDeleted.unsubscribe()
    }
  }, [actor])

  if (status === "loading")
    return (
      <Group role="status" gap="xs" p="md">
        <Loader size="sm" aria-hidden="true" />
        <Text size="sm">Cargando el formato…</Text>
      </Group>
    )
  if (status === "failure")
    return (
      <Alert color="red" title="No se pudo cargar el formato">
        <Text size="sm" mb="sm">
          {failure?.message}
        </Text>
        <Button variant="light" color="red" onClick={() => actor.send({ type: "RETRY" })}>
          Reintentar
        </Button>
      </Alert>
    )

  const dirty = saved === null || !sameColumns(columns, saved)
  // Changed since loaded or saved (a plan without a format starts from its required columns).
  const unsaved = record !== null && !sameColumns(columns, initialColumns(record.fields, record.format))
  const issues = merged(tried ? checkColumns(planId, columns) : noIssues, refusal === null ? noIssues : sortIssues(refusal.issues))
  const edit = (change: ColumnEdit) => {
    forgetRefusal()
    actor.send({ type: "EDIT", edit: change })
  }
  const busy = status === "saving" || status === "deleting"

  const save = () => {
    // The contract's schema checks before sending: headers present, not repeated (its normalizeHeader), required columns there.
    const decoded = decode(formatPayload(planId, columns))
    setTried(true)
    if (Either.isRight(decoded)) actor.send({ type: "SAVE", input: decoded.right })
  }

  return (
    <Stack gap="md">
      <LeaveGuard dirty={unsaved} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder radius="md" p="md" component="section" aria-label="Campos disponibles">
            <Title order={2} size="h4" mb="sm">
              Campos disponibles
            </Title>
            <AvailableFields fields={availableFields(fields, columns)} onAdd={(field) => edit({ op: "add", field })} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="md" p="md" component="section" aria-label={COLUMNS_LABEL}>
            <Group justify="space-between" mb="sm">
              <Title order={2} size="h4">
                {COLUMNS_LABEL}
              </Title>
              <Text size="sm" c="dimmed">
                {saved === null ? "Sin formato guardado" : dirty ? "Cambios sin guardar" : "Guardado"}
              </Text>
            </Group>
            <Stack gap="sm">
              {(refusal !== null || issues.general.length > 0) && (
                <Alert color="red" title="No se pudo guardar">
                  {refusal?.message}
                  {issues.general.length > 0 && (
                    <List size="sm" mt={refusal === null ? 0 : "xs"}>
                      {issues.general.map((message) => (
                        <List.Item key={message}>{message}</List.Item>
                      ))}
                    </List>
                  )}
                </Alert>
              )}
              <ColumnsEditor
                columns={columns}
                headerErrors={issues.headers}
                onMove={(from, to) => edit({ op: "move", from, to })}
                onRemove={(index) => edit({ op: "remove", index })}
                onRename={(index, header) => edit({ op: "rename", index, header })}
                onRequire={(index, required) => edit({ op: "require", index, required })}
              />
              <Text size="xs" c="dimmed">
                Palma lee el Excel del canal por el encabezado de cada columna, no por su posición.
              </Text>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
      <Group justify="space-between">
        <Group gap="sm">
          <Button color="red" variant="light" onClick={() => setConfirming(true)} disabled={saved === null || busy}>
            Eliminar formato
          </Button>
          <Button
            variant="default"
            onClick={() => template.run()}
            loading={template.running}
            disabled={saved === null || dirty || busy}
            title={
              saved === null ? "Guarde el formato para descargar su plantilla" : dirty ? "Guarde los cambios para descargar la plantilla con ellos" : undefined
            }
          >
            Descargar plantilla
          </Button>
        </Group>
        <Group gap="sm">
          <Button variant="default" onClick={() => actor.send({ type: "DISCARD" })} disabled={!dirty || busy}>
            Descartar cambios
          </Button>
          <Button onClick={save} loading={status === "saving"} disabled={status === "deleting"}>
            Guardar formato
          </Button>
        </Group>
      </Group>
      <ConfirmDelete
        opened={confirming}
        name={`el formato de ${planName}`}
        warning="La próxima carga de este plan necesitará un formato nuevo. Las cargas ya hechas no cambian."
        canConfirm={status === "ready"}
        deleting={status === "deleting"}
        error={confirming && rejection !== null ? rejection.message : null}
        onConfirm={() => actor.send({ type: "DELETE" })}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  )
}
