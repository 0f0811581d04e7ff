import { Alert, Button, EmptyState, Modal, Skeleton, Stack, Table, Text, TextInput, VisuallyHidden } from "@mantine/core"
import { useDebouncedCallback } from "@mantine/hooks"
import { type Call, deletedRecordsActors, deletedRecordsMachine, formatInstant, listLoadFailed, type NamedRecord, type RestorableName } from "@palma/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useState } from "react"
import { EmptyIcon, SearchIcon } from "./icons"
import { PageFooter } from "./PageFooter"
import type { Noun } from "./types"

const pageSize = 10
const SEARCH_DELAY_MS = 300

export interface DeletedRecordsProps {
  readonly name: RestorableName
  /** The list's title in plural ("Familias") and its noun's gender, for the dialog's texts. */
  readonly title: string
  readonly noun: Noun
  readonly call: Call
  readonly onClose: () => void
  /** A record came back: the host toasts and reloads its live list. */
  readonly onRestored: (record: NamedRecord) => void
}

/**
 * "Mostrar eliminados": what an admin deleted from one list, newest first, each with
 * "Restaurar". Mounted only while open, so its list is read when it opens and never before.
 */
export const DeletedRecords = ({ name, title, noun, call, onClose, onRestored }: DeletedRecordsProps) => {
  const heading = `${title} ${noun.gender === "f" ? "eliminadas" : "eliminados"}`
  const [machine] = useState(() => deletedRecordsMachine.provide({ actors: deletedRecordsActors(call, name) }))
  const actor = useActorRef(machine, { input: { query: { page: 1, pageSize } } })
  const snapshot = useSelector(actor, (s) => s)
  const { items, total, restoring, failure, query } = snapshot.context
  const listFailed = snapshot.matches("failure")
  // Catalog records tell when they went; masters do not, and an empty column would say nothing.
  const dated = items.some((item) => item.deletedAt !== undefined)
  const loading = snapshot.matches("loading")
  const [search, setSearch] = useState("")

  useEffect(() => {
    const restored = actor.on("restored", ({ record }) => onRestored(record))
    return () => restored.unsubscribe()
  }, [actor, onRestored])

  const load = (patch: { search?: string; page?: number }) => {
    const next = { ...query, ...patch }
    if (next.search === "") delete next.search
    actor.send({ type: "LOAD", query: next })
  }
  const searchLater = useDebouncedCallback((value: string) => load({ search: value.trim(), page: 1 }), SEARCH_DELAY_MS)

  return (
    <Modal opened onClose={onClose} title={heading} size="lg" centered closeButtonProps={{ "aria-label": "Cerrar" }}>
      <Stack gap="sm">
        <TextInput
          aria-label="Buscar eliminados"
          placeholder="Buscar por nombre"
          leftSection={<SearchIcon />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value)
            searchLater(e.currentTarget.value)
          }}
        />
        {failure !== null && (
          <Alert color="red" title={listFailed ? listLoadFailed() : "No se pudo restaurar"}>
            <Text size="sm">{failure.message}</Text>
            {listFailed && (
              <Button mt="sm" variant="light" color="red" onClick={() => actor.send({ type: "RETRY" })}>
                Reintentar
              </Button>
            )}
          </Alert>
        )}
        {!listFailed &&
          (loading && items.length === 0 ? (
            <Stack gap="xs" aria-hidden>
              {[0, 1, 2].map((n) => (
                <Skeleton key={n} height={28} />
              ))}
            </Stack>
          ) : items.length === 0 ? (
            <EmptyState
              py="lg"
              icon={<EmptyIcon />}
              title={`No hay ${heading.toLowerCase()}`}
              description={
                query.search ? "Ningún registro eliminado coincide con la búsqueda." : "Lo que se elimine de esta lista aparecerá aquí para restaurarlo."
              }
            />
          ) : (
            <Table striped highlightOnHover aria-label={heading} aria-busy={loading}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Nombre</Table.Th>
                  {dated && <Table.Th>Eliminación</Table.Th>}
                  <Table.Th>
                    <VisuallyHidden>Acciones</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td>{item.name}</Table.Td>
                    {dated && <Table.Td>{item.deletedAt === undefined ? "—" : formatInstant(item.deletedAt)}</Table.Td>}
                    <Table.Td style={{ textAlign: "right" }}>
                      <Button
                        size="xs"
                        variant="light"
                        aria-label={`Restaurar ${item.name}`}
                        loading={restoring === item.id}
                        disabled={restoring !== null && restoring !== item.id}
                        onClick={() => actor.send({ type: "RESTORE", id: item.id })}
                      >
                        Restaurar
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ))}
        {total > 0 && (
          <PageFooter loading={loading} page={query.page ?? 1} pageSize={pageSize} shown={items.length} total={total} onPage={(page) => load({ page })} />
        )}
      </Stack>
    </Modal>
  )
}
