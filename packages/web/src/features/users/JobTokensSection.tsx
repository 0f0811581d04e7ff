import { Button, Stack, Table, Text, VisuallyHidden } from "@mantine/core"
import { type Call, formatInstant, formatInstantDay, type JobToken, listLoadFailed } from "@palma/core"
import { useState } from "react"
import { RetryAlert } from "../../components/RetryAlert"
import { ConfirmDelete, Section, useTask } from "../../kit"
import { notify } from "../../lib/notify"
import type { JobTokens } from "./useJobTokens"

const TITLE = "Tokens para tareas programadas"

interface JobTokensSectionProps {
  readonly call: Call
  readonly jobTokens: JobTokens
}

/**
 * «Tokens para tareas programadas»: the live job tokens (local mode), each revoked after a
 * confirmation; the jobs using one stop at their next call. Tokens are issued from a user's row.
 */
export const JobTokensSection = ({ call, jobTokens }: JobTokensSectionProps) => {
  const { status, tokens, failure, retry, refresh } = jobTokens
  const [revoking, setRevoking] = useState<JobToken | null>(null)
  const revoke = useTask((token: JobToken) => call((c) => c.jobTokens.revoke({ path: { id: token.id } })), {
    done: (_, token) => {
      notify.success(`Token «${token.name}» revocado`)
      setRevoking(null)
      refresh()
    },
    // Revoked meanwhile (404) or gone for another reason: the list shows what is live now.
    failed: () => refresh()
  })

  return (
    <Section title={TITLE}>
      <Text size="sm" c="dimmed" mb="sm">
        Un token permite que una tarea programada (por ejemplo, «palma cases export» desde cron) actúe como una cuenta sin que nadie inicie sesión. Vive los
        días indicados al emitirlo, salvo que se revoque. Se emiten desde la fila de cada usuario.
      </Text>
      {status === "failed" ? (
        <RetryAlert title={listLoadFailed("tokens")} message={failure} onRetry={retry} />
      ) : tokens === null ? (
        <Text role="status">Cargando tokens…</Text>
      ) : tokens.length === 0 ? (
        <Stack align="center" gap="xs" p="md">
          <Text fw={600}>No hay tokens vigentes</Text>
          <Text size="sm" c="dimmed">
            Para emitir uno, use «Emitir token…» en la fila de la cuenta con la que correrá la tarea.
          </Text>
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table aria-label={TITLE} verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nombre</Table.Th>
                <Table.Th>Cuenta</Table.Th>
                <Table.Th>Emitido por</Table.Th>
                <Table.Th>Creado</Table.Th>
                <Table.Th>Último uso</Table.Th>
                <Table.Th>Vence</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Acciones</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tokens.map((token) => (
                <Table.Tr key={token.id}>
                  <Table.Td>{token.name}</Table.Td>
                  <Table.Td>{token.userEmail}</Table.Td>
                  <Table.Td>{token.issuedBy}</Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{formatInstant(token.createdAt)}</Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{formatInstant(token.lastSeenAt)}</Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{formatInstantDay(token.expiresAt)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      aria-label={`Revocar el token ${token.name}`}
                      onClick={() => {
                        revoke.dismiss()
                        setRevoking(token)
                      }}
                    >
                      Revocar
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {revoking !== null && (
        <ConfirmDelete
          opened
          name={revoking.name}
          title={`¿Revocar el token «${revoking.name}»?`}
          confirmLabel="Revocar"
          failureTitle="No se pudo revocar"
          warning={`Las tareas programadas que usan «${revoking.name}» (cuenta ${revoking.userEmail}) dejarán de funcionar de inmediato. No se puede deshacer: para reanudarlas habrá que emitir otro token.`}
          canConfirm={!revoke.running}
          deleting={revoke.running}
          error={revoke.failure?.message ?? null}
          onConfirm={() => revoke.run(revoking)}
          onClose={() => setRevoking(null)}
        />
      )}
    </Section>
  )
}
