import { Button, Card, Group, Stack, Table, Text, Title } from "@mantine/core"
import { formatDate, Rut, type SubscriptionDetail } from "@palma/core"
import type { PersonEdit } from "./PersonDialog"
import { personValues } from "./PersonFields"

type Titular = SubscriptionDetail["insured"][number]
type Carga = Titular["beneficiaries"][number]

const nameOf = (p: { readonly name: string; readonly paternalLastName: string; readonly maternalLastName: string }) =>
  [p.name, p.paternalLastName, p.maternalLastName].filter((s) => s.trim() !== "").join(" ")

interface InsuredSectionProps {
  readonly subscription: SubscriptionDetail
  readonly busy: boolean
  readonly onEdit: (edit: PersonEdit) => void
  readonly onRemove: (titular: Titular, carga: Carga) => void
}

/** The selected subscription's titulares, each with their cargas: edit either, add or remove a carga. */
export const InsuredSection = ({ subscription, busy, onEdit, onRemove }: InsuredSectionProps) =>
  subscription.insured.length === 0 ? (
    <Text size="sm" c="dimmed">
      La suscripción no tiene asegurados.
    </Text>
  ) : (
    <Stack>
      {subscription.insured.map((titular) => {
        const name = nameOf(titular)
        return (
          <Card key={titular.id} withBorder radius="md" component="section" aria-label={`Titular ${name}`}>
            <Group justify="space-between" align="start" mb="sm">
              <div>
                <Title order={3} size="h5">
                  {name}
                </Title>
                <Text size="sm" c="dimmed">
                  RUT {Rut.format(titular.rut)}
                  {titular.birthDate === "" ? "" : ` · nacido el ${formatDate(titular.birthDate)}`}
                  {titular.district === "" ? "" : ` · ${titular.district}`}
                </Text>
              </div>
              <Group gap="xs">
                <Button
                  size="compact-sm"
                  variant="default"
                  disabled={busy}
                  aria-label={`Editar titular ${name}`}
                  onClick={() => onEdit({ kind: "insured", id: titular.id, title: `Editar titular ${name}`, values: personValues(titular) })}
                >
                  Editar
                </Button>
                <Button
                  size="compact-sm"
                  disabled={busy}
                  aria-label={`Agregar carga a ${name}`}
                  onClick={() => onEdit({ kind: "addBeneficiary", title: `Agregar carga a ${name}`, insured_id: titular.id })}
                >
                  Agregar carga
                </Button>
              </Group>
            </Group>
            {titular.beneficiaries.length === 0 ? (
              <Text size="sm" c="dimmed">
                Sin cargas.
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={560}>
                <Table aria-label={`Cargas de ${name}`}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Nombre</Table.Th>
                      <Table.Th>RUT</Table.Th>
                      <Table.Th>Parentesco</Table.Th>
                      <Table.Th>Nacimiento</Table.Th>
                      <Table.Th ta="right">Acciones</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {titular.beneficiaries.map((carga) => {
                      const cargaName = nameOf(carga)
                      return (
                        <Table.Tr key={carga.id}>
                          <Table.Td>{cargaName}</Table.Td>
                          <Table.Td style={{ whiteSpace: "nowrap" }}>{Rut.format(carga.rut)}</Table.Td>
                          <Table.Td>{carga.relationship}</Table.Td>
                          <Table.Td>{carga.birthDate === "" ? "—" : formatDate(carga.birthDate)}</Table.Td>
                          <Table.Td>
                            <Group gap="xs" justify="flex-end" wrap="nowrap">
                              <Button
                                size="compact-sm"
                                variant="subtle"
                                disabled={busy}
                                aria-label={`Editar carga ${cargaName}`}
                                onClick={() =>
                                  onEdit({
                                    kind: "beneficiary",
                                    id: carga.id,
                                    title: `Editar carga ${cargaName}`,
                                    values: personValues(carga),
                                    relationship: carga.relationship_id
                                  })
                                }
                              >
                                Editar
                              </Button>
                              <Button
                                size="compact-sm"
                                variant="subtle"
                                color="red"
                                disabled={busy}
                                aria-label={`Quitar carga ${cargaName}`}
                                onClick={() => onRemove(titular, carga)}
                              >
                                Quitar
                              </Button>
                            </Group>
                          </Table.Td>
                        </Table.Tr>
                      )
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Card>
        )
      })}
    </Stack>
  )
