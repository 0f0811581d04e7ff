import { Alert, Badge, Button, Checkbox, Group, Modal, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core"
import {
  BULK_LOAD_REVIEW_DAYS,
  type BulkLoadJob,
  type BulkLoadRow,
  type Call,
  type MissingInsured,
  type RowOutcome,
  Rut,
  bulkLoadSearchActors,
  rowChangeText,
  searchMachine
} from "@palma/core"
import { useState } from "react"
import { SearchResults, usePagedSearch } from "../../kit"
import { count, duration, statusLook, statusText } from "./jobText"

const PAGE_SIZE = 10

const Figure = ({ label, value, color }: { readonly label: string; readonly value: number; readonly color?: string }) => (
  <Paper withBorder p="xs" radius="md">
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text fw={700} size="lg" c={color}>
      {count(value)}
    </Text>
  </Paper>
)

/** The rows of a job a list shows: the failed ones with their reasons, the updated ones with what they change. */
const rowLists = {
  failed: { title: "Filas con errores", noun: "filas con errores", emptyHint: "Ninguna fila tiene errores.", detail: "Motivo" },
  updated: { title: "Filas que cambian datos guardados", noun: "filas actualizadas", emptyHint: "Ninguna fila cambia datos guardados.", detail: "Cambios" }
} as const
const detailOf = (row: BulkLoadRow): ReadonlyArray<string> => (row.outcome === "failed" ? row.reasons : row.changes.map(rowChangeText))

/** A job's rows of one outcome, a page at a time. */
const RowList = ({ call, job, outcome }: { readonly call: Call; readonly job: BulkLoadJob; readonly outcome: keyof typeof rowLists }) => {
  const [page, setPage] = useState(1)
  const [logic] = useState(() =>
    searchMachine<{ id: string; outcome: RowOutcome; page: number }, BulkLoadRow>().provide({ actors: { find: bulkLoadSearchActors(call, PAGE_SIZE).rows } })
  )
  const search = usePagedSearch(logic, { id: job.id, outcome, page })
  const list = rowLists[outcome]
  return (
    <SearchResults search={search} page={page} pageSize={PAGE_SIZE} onPage={setPage} noun={list.noun} emptyHint={list.emptyHint}>
      {(rows) => (
        <Table aria-label={list.title} striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Fila</Table.Th>
              <Table.Th>RUT</Table.Th>
              {outcome === "updated" && <Table.Th>Nombre</Table.Th>}
              <Table.Th>{list.detail}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.row}>
                <Table.Td>{row.row}</Table.Td>
                <Table.Td>{Rut.format(row.rut)}</Table.Td>
                {outcome === "updated" && <Table.Td>{row.name}</Table.Td>}
                <Table.Td>{detailOf(row).join("; ")}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </SearchResults>
  )
}

/** The plan's insured the file leaves out, a page at a time in póliza order (the server reads them so, by index). */
const MissingList = ({ call, job }: { readonly call: Call; readonly job: BulkLoadJob }) => {
  const [page, setPage] = useState(1)
  const [logic] = useState(() =>
    searchMachine<{ id: string; page: number }, MissingInsured>().provide({ actors: { find: bulkLoadSearchActors(call, PAGE_SIZE).missing } })
  )
  const search = usePagedSearch(logic, { id: job.id, page })
  return (
    <SearchResults
      search={search}
      page={page}
      pageSize={PAGE_SIZE}
      onPage={setPage}
      noun="asegurados que no vienen"
      emptyHint="Todos los asegurados del plan vienen en el archivo."
    >
      {(rows) => (
        <Table aria-label="Asegurados que no vienen en el archivo" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Póliza</Table.Th>
              <Table.Th>RUT</Table.Th>
              <Table.Th>Nombre</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.lead_id}>
                <Table.Td>{row.subscription_id}</Table.Td>
                <Table.Td>{Rut.format(row.rut)}</Table.Td>
                <Table.Td>{row.name}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </SearchResults>
  )
}

export interface JobPanelProps {
  readonly call: Call
  readonly job: BulkLoadJob
  /** Where the machine is: following, review, confirming, cancelling, finished… */
  readonly phase: string
  readonly downloading: boolean
  readonly onConfirm: (removeMissing: boolean) => void
  readonly onCancel: () => void
  readonly onDownloadErrors: () => void
  readonly onNew: () => void
}

/**
 * One upload: its progress while it is read or loaded, the diff to confirm when checked (rows
 * new, updated with what they change, unchanged and failed with their reasons, the plan's insured
 * missing from the file), then its result. Removing coverage asks once more, naming how many lose it.
 */
export const JobPanel = ({ call, job, phase, downloading, onConfirm, onCancel, onDownloadErrors, onNew }: JobPanelProps) => {
  const [removeMissing, setRemoveMissing] = useState(false)
  const [asking, setAsking] = useState(false)
  const reading = job.status === "queued" || job.status === "validating"
  const done = job.processed
  const percent = job.total === 0 ? 0 : Math.round((done / job.total) * 100)
  const toLoad = job.counts.new + job.counts.updated + job.counts.unchanged
  const confirm = () => (removeMissing && job.counts.missing > 0 ? setAsking(true) : onConfirm(removeMissing))

  return (
    <Paper withBorder radius="md" p="md" aria-label="Carga en curso" component="section">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {job.fileName} · {job.retail_name} · {job.product_name}
          </Title>
          <Badge {...statusLook[job.status]} size="lg">
            {statusText(job)}
          </Badge>
        </Group>
        {reading && (
          <Text role="status" c="dimmed">
            {job.status === "queued" ? "En cola: otra carga del mismo plan termina primero…" : "Revisando el archivo fila por fila…"}
          </Text>
        )}
        {(job.status === "loading" || job.status === "done") && (
          <Stack gap={4}>
            <Progress value={percent} size="lg" aria-label="Avance de la carga" animated={job.status === "loading"} />
            <Text size="sm" role="status">
              {count(done)} de {count(job.total)} filas ({percent} %) · {count(job.succeeded)} cargadas · {count(job.error)} con errores
              {job.startedAt !== null && ` · ${duration(job)}`}
            </Text>
          </Stack>
        )}
        {job.total > 0 && (
          <SimpleGrid cols={{ base: 2, sm: 5 }}>
            <Figure label="Nuevos" value={job.counts.new} color="teal.9" />
            <Figure label="Actualizados" value={job.counts.updated} color="blue.9" />
            <Figure label="Sin cambios" value={job.counts.unchanged} />
            <Figure label="Con errores" value={job.counts.failed} color={job.counts.failed > 0 ? "red.9" : undefined} />
            <Figure
              label={job.status === "done" && job.removeMissing ? "Sin cobertura ahora" : "No vienen en el archivo"}
              value={job.status === "done" && job.removeMissing ? job.counts.removed : job.counts.missing}
            />
          </SimpleGrid>
        )}
        {job.status === "failed" && (
          <Alert color="red" title="La carga no terminó">
            {job.message ?? "La carga se detuvo."}
          </Alert>
        )}
        {job.status === "cancelled" && job.message !== null && <Alert color="gray">{job.message}</Alert>}
        {job.error > 0 && (
          <>
            <Title order={3} size="h5">
              {rowLists.failed.title}
            </Title>
            <RowList call={call} job={job} outcome="failed" />
          </>
        )}
        {job.counts.updated > 0 && (
          <>
            <Title order={3} size="h5">
              {rowLists.updated.title}
            </Title>
            <Text size="sm" c="dimmed">
              Personas que ya están en Palma: al cargar, sus datos quedan como los trae el archivo (una celda vacía no borra nada).
            </Text>
            <RowList call={call} job={job} outcome="updated" />
          </>
        )}
        {phase === "review" && job.counts.missing > 0 && (
          <>
            <Title order={3} size="h5">
              Asegurados del plan que no vienen en el archivo
            </Title>
            <MissingList call={call} job={job} />
          </>
        )}
        {(phase === "review" || phase === "confirming") && (
          <Stack gap="xs">
            {job.counts.missing > 0 && (
              <Checkbox
                label={`Quitar la cobertura a los ${count(job.counts.missing)} asegurados que no vienen (al terminar la carga)`}
                checked={removeMissing}
                onChange={(e) => setRemoveMissing(e.currentTarget.checked)}
              />
            )}
            <Text size="sm" c="dimmed">
              Si nadie la confirma en {BULK_LOAD_REVIEW_DAYS} días, la revisión se descarta con su archivo.
            </Text>
            <Group>
              <Button onClick={confirm} loading={phase === "confirming"} disabled={toLoad === 0 && !removeMissing}>
                Cargar {count(toLoad)} filas
              </Button>
              <Button variant="default" onClick={onCancel} disabled={phase === "confirming"}>
                Descartar
              </Button>
            </Group>
          </Stack>
        )}
        <Group>
          {job.error > 0 && (
            <Button variant="light" onClick={onDownloadErrors} loading={downloading}>
              Descargar errores (errores.xlsx)
            </Button>
          )}
          {phase === "following" && reading && (
            <Button variant="default" onClick={onCancel}>
              Cancelar
            </Button>
          )}
          {phase === "finished" && <Button onClick={onNew}>Nueva carga</Button>}
        </Group>
      </Stack>
      <Modal opened={asking} onClose={() => setAsking(false)} title="¿Quitar la cobertura?">
        <Stack>
          <Text>
            {count(job.counts.missing)} asegurados del plan no vienen en el archivo. Al terminar la carga sus pólizas quedarán vencidas desde hoy. Esta acción
            no se deshace desde aquí.
          </Text>
          <Group justify="end">
            <Button variant="default" onClick={() => setAsking(false)}>
              Volver
            </Button>
            <Button
              color="red"
              onClick={() => {
                setAsking(false)
                onConfirm(true)
              }}
            >
              Cargar y quitar cobertura
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  )
}
