import { Badge, Button, Table } from "@mantine/core"
import { type BulkLoadJob, type Call, bulkLoadSearchActors, formatInstant, searchMachine } from "@palma/core"
import { useState } from "react"
import { SearchResults, usePagedSearch } from "../../kit"
import { count, duration, statusLook, statusText } from "./jobText"

const PAGE_SIZE = 10

export interface UploadHistoryProps {
  readonly call: Call
  /** Bumped when an upload starts or ends, so the history reads again. */
  readonly version: number
  /** Opens a job in the page's panel; absent while another upload is being worked on. */
  readonly onOpen: ((job: BulkLoadJob) => void) | undefined
}

/** Gestión de Subidas: who uploaded what, when, to which channel and plan, with its counts, status and duration. */
export const UploadHistory = ({ call, version, onOpen }: UploadHistoryProps) => {
  const [page, setPage] = useState(1)
  const [logic] = useState(() =>
    searchMachine<{ retail_id: string | null; page: number; version: number }, BulkLoadJob>().provide({
      actors: { find: bulkLoadSearchActors(call, PAGE_SIZE).history }
    })
  )
  const search = usePagedSearch(logic, { retail_id: null, page, version })
  return (
    <SearchResults
      search={search}
      page={page}
      pageSize={PAGE_SIZE}
      onPage={setPage}
      noun="cargas"
      emptyHint="Aún no se ha subido ningún archivo de asegurados."
    >
      {(jobs) => (
        <Table aria-label="Historial de cargas" striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Fecha</Table.Th>
              <Table.Th>Usuario</Table.Th>
              <Table.Th>Canal</Table.Th>
              <Table.Th>Producto</Table.Th>
              <Table.Th>Archivo</Table.Th>
              <Table.Th>Estado</Table.Th>
              <Table.Th ta="right">Filas</Table.Th>
              <Table.Th ta="right">Cargadas</Table.Th>
              <Table.Th ta="right">Errores</Table.Th>
              <Table.Th>Duración</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {jobs.map((job) => (
              <Table.Tr key={job.id}>
                <Table.Td>{formatInstant(job.createdAt)}</Table.Td>
                <Table.Td>{job.user_name || "—"}</Table.Td>
                <Table.Td>{job.retail_name}</Table.Td>
                <Table.Td>{job.product_name}</Table.Td>
                <Table.Td>{job.fileName}</Table.Td>
                <Table.Td>
                  <Badge {...statusLook[job.status]}>{statusText(job)}</Badge>
                </Table.Td>
                <Table.Td ta="right">{count(job.total)}</Table.Td>
                <Table.Td ta="right">{count(job.succeeded)}</Table.Td>
                <Table.Td ta="right">{count(job.error)}</Table.Td>
                <Table.Td>{duration(job)}</Table.Td>
                <Table.Td>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    onClick={() => onOpen?.(job)}
                    disabled={onOpen === undefined}
                    aria-label={`Ver la carga ${job.fileName} del ${formatInstant(job.createdAt)}`}
                  >
                    Ver
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </SearchResults>
  )
}
