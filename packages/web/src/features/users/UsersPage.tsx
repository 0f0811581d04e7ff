import { Badge, Box, Button, Group, NativeSelect, Paper, Stack, Table, Text, TextInput, Title, Tooltip, VisuallyHidden } from "@mantine/core"
import { useDebouncedCallback } from "@mantine/hooks"
import {
  type Call,
  listLoadFailed,
  type ManagedUser,
  Role,
  roleLabel,
  USERS_PAGE_SIZE,
  usersActors,
  type UsersQuery,
  usersMachine,
  CHANGE_NOT_SAVED,
  jobTokenRefusal
} from "@palma/core"
import { Schema } from "effect"
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useId, useState } from "react"
import { useSearchParams } from "react-router"
import { RetryAlert } from "../../components/RetryAlert"
import { ConfirmDelete, PageFooter } from "../../kit"
import { call as apiCall } from "../../lib/api"
import { notify } from "../../lib/notify"
import { IssueTokenDialog, issueTokenFor } from "./IssueTokenDialog"
import { JobTokensSection } from "./JobTokensSection"
import { useJobTokens } from "./useJobTokens"

const NO_ROLE = "none"
const roleOptions = [...(Object.keys(roleLabel) as Role[]).map((role) => ({ value: role, label: roleLabel[role] })), { value: NO_ROLE, label: "Sin rol" }]

const roleOf = (value: string): Role | null => (Schema.is(Role)(value) ? value : null)

const queryOf = (params: URLSearchParams): UsersQuery => {
  const page = Number(params.get("page"))
  return { search: params.get("q") ?? "", page: Number.isInteger(page) && page > 0 ? page : 1 }
}

const doneMessage = { role: "Rol actualizado", disable: "Usuario desactivado: sus sesiones se cerraron", enable: "Usuario activado" } as const

/**
 * Usuarios (admins, local mode): search by name or email, change a role, disable or enable an
 * account. A role change reaches the person's next token (within a minute); disabling ends their
 * sessions at once. Below, the tokens for scheduled jobs: issued from an account's row, revoked
 * from their list.
 */
export const UsersPage = ({ call = apiCall }: { readonly call?: Call }) => <UsersScreen call={call} />

const UsersScreen = ({ call }: { readonly call: Call }) => {
  const [params, setParams] = useSearchParams()
  const query = queryOf(params)
  const [machine] = useState(() => usersMachine.provide({ actors: usersActors(call) }))
  const actor = useActorRef(machine, { input: { query } })
  const status = useSelector(actor, (s) => s.value as string)
  const { page, failure, pending } = useSelector(actor, (s) => s.context)
  const [search, setSearch] = useState(query.search)
  const [confirming, setConfirming] = useState<ManagedUser | null>(null)
  const [issuing, setIssuing] = useState<ManagedUser | null>(null)
  const jobTokens = useJobTokens()
  const { refresh: refreshTokens } = jobTokens
  const reasonId = useId()

  // The URL is the list's state: back and forward, and a shared link, show the same list.
  useEffect(() => {
    actor.send({ type: "QUERY", query: { search: query.search, page: query.page } })
  }, [actor, query.search, query.page])

  useEffect(() => {
    const changed = actor.on("changed", ({ change }) => {
      notify.success(change === null ? "Cambio guardado" : doneMessage[change.kind])
      setConfirming(null)
      // Disabling an account ends its job tokens too.
      refreshTokens()
    })
    const rejected = actor.on("rejected", ({ message }) => {
      notify.error(message)
      setConfirming(null)
    })
    return () => {
      changed.unsubscribe()
      rejected.unsubscribe()
    }
  }, [actor, refreshTokens])

  const go = (next: Partial<UsersQuery>) => {
    const merged = { ...query, ...next }
    const nextParams = new URLSearchParams()
    if (merged.search !== "") nextParams.set("q", merged.search)
    if (merged.page > 1) nextParams.set("page", String(merged.page))
    setParams(nextParams)
  }
  const searchLater = useDebouncedCallback((text: string) => go({ search: text, page: 1 }), 300)

  const loading = status === "loading" || status === "changing"
  const items = page?.items ?? []

  return (
    <Stack>
      <Title order={1} size="h2">
        Usuarios
      </Title>
      <Paper withBorder radius="md">
        <Box p="sm">
          <TextInput
            type="search"
            aria-label="Buscar"
            placeholder="Buscar por nombre o correo…"
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value)
              searchLater(e.currentTarget.value)
            }}
          />
        </Box>
        {status === "failed" ? (
          <Box p="sm">
            <RetryAlert title={listLoadFailed()} message={failure} onRetry={() => actor.send({ type: "RETRY" })} />
          </Box>
        ) : page === null ? (
          <Text p="md" role="status">
            Cargando usuarios…
          </Text>
        ) : items.length === 0 ? (
          <Stack p="xl" align="center" gap="xs">
            <Text fw={600}>No hay usuarios</Text>
            <Text size="sm" c="dimmed">
              Ningún usuario coincide con la búsqueda.
            </Text>
            <Button
              variant="default"
              onClick={() => {
                setSearch("")
                go({ search: "", page: 1 })
              }}
            >
              Limpiar búsqueda
            </Button>
          </Stack>
        ) : (
          <>
            <Table.ScrollContainer minWidth={640}>
              <Table aria-label="Usuarios" aria-busy={loading} verticalSpacing="sm" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Nombre</Table.Th>
                    <Table.Th>Correo electrónico</Table.Th>
                    <Table.Th>Rol</Table.Th>
                    <Table.Th>Estado</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Acciones</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((user) => {
                    const refusal = jobTokenRefusal(user)
                    return (
                      <Table.Tr key={user.id}>
                        <Table.Td>{user.fullName}</Table.Td>
                        <Table.Td>{user.email}</Table.Td>
                        <Table.Td>
                          <NativeSelect
                            size="xs"
                            aria-label={`Rol de ${user.fullName}`}
                            data={roleOptions}
                            value={user.role ?? NO_ROLE}
                            disabled={loading}
                            onChange={(e) => {
                              actor.send({ type: "CHANGE", change: { kind: "role", id: user.id, role: roleOf(e.currentTarget.value) } })
                            }}
                          />
                        </Table.Td>
                        <Table.Td>
                          <Badge color={user.disabled ? "gray" : "teal"} variant="light">
                            {user.disabled ? "Desactivado" : "Activo"}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          <Group justify="flex-end" gap="xs" wrap="nowrap">
                            {/* Refused, it stays focusable (aria-disabled) so its tooltip and description say why. */}
                            <Tooltip label={refusal} disabled={refusal === null} events={{ hover: true, focus: true, touch: true }} withArrow>
                              <Button
                                size="compact-sm"
                                variant="subtle"
                                disabled={loading}
                                data-disabled={refusal !== null || undefined}
                                aria-disabled={refusal !== null || undefined}
                                aria-describedby={refusal === null ? undefined : `${reasonId}-${user.id}`}
                                aria-label={issueTokenFor(user.fullName)}
                                onClick={() => {
                                  if (refusal === null) setIssuing(user)
                                }}
                              >
                                Emitir token…
                              </Button>
                            </Tooltip>
                            {refusal !== null && <VisuallyHidden id={`${reasonId}-${user.id}`}>{refusal}</VisuallyHidden>}
                            <Button
                              size="compact-sm"
                              variant="subtle"
                              color={user.disabled ? "teal" : "red"}
                              disabled={loading}
                              aria-label={`${user.disabled ? "Activar" : "Desactivar"} a ${user.fullName}`}
                              onClick={() => setConfirming(user)}
                            >
                              {user.disabled ? "Activar" : "Desactivar"}
                            </Button>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    )
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <PageFooter
              loading={loading}
              page={query.page}
              pageSize={USERS_PAGE_SIZE}
              shown={items.length}
              total={page.total}
              onPage={(next) => go({ page: next })}
            />
          </>
        )}
      </Paper>
      <JobTokensSection call={call} jobTokens={jobTokens} />
      {issuing !== null && (
        <IssueTokenDialog
          call={call}
          user={issuing}
          onClose={(issued) => {
            setIssuing(null)
            if (issued) refreshTokens()
          }}
        />
      )}
      {confirming !== null && (
        <ConfirmDelete
          opened
          name={confirming.fullName}
          title={confirming.disabled ? `¿Activar a ${confirming.fullName}?` : `¿Desactivar a ${confirming.fullName}?`}
          confirmLabel={confirming.disabled ? "Activar" : "Desactivar"}
          failureTitle={CHANGE_NOT_SAVED}
          warning={
            confirming.disabled
              ? "Podrá volver a iniciar sesión con su contraseña."
              : "No podrá iniciar sesión y sus sesiones abiertas se cerrarán de inmediato. Podrá activarlo de nuevo."
          }
          canConfirm={pending === null}
          deleting={pending !== null}
          error={null}
          onConfirm={() => actor.send({ type: "CHANGE", change: { kind: confirming.disabled ? "enable" : "disable", id: confirming.id } })}
          onClose={() => setConfirming(null)}
        />
      )}
    </Stack>
  )
}
