import { Anchor, Button, Checkbox, Group, NativeSelect, Paper, Stack, Table, TextInput, Title } from "@mantine/core"
import { useDebouncedCallback } from "@mantine/hooks"
import { type Call, type ContractorListed, type ContractorQuery, contractorSearchActors, Rut, searchMachine } from "@palma/core"
import { useState } from "react"
import { Link, useSearchParams } from "react-router"
import { SearchResults, usePagedSearch } from "../../kit"
import { call as apiCall } from "../../lib/api"
import { contractorPath, kindLabel, newContractorPath } from "./paths"

export const CONTRACTOR_PAGE_SIZE = 20

const nf = new Intl.NumberFormat("es-CL")

const typeOf = (value: string | null): ContractorQuery["type"] => (value === "P" || value === "C" ? value : "")

const queryOf = (params: URLSearchParams): ContractorQuery => {
  const page = Number(params.get("page"))
  return {
    type: typeOf(params.get("type")),
    rut: params.get("rut") ?? "",
    name: params.get("name") ?? "",
    active: params.get("active") === "1",
    page: Number.isInteger(page) && page > 0 ? page : 1
  }
}

const paramsOf = (q: ContractorQuery): URLSearchParams => {
  const params = new URLSearchParams()
  if (q.type !== "") params.set("type", q.type)
  if (q.rut.trim() !== "") params.set("rut", q.rut.trim())
  if (q.name.trim() !== "") params.set("name", q.name.trim())
  if (q.active) params.set("active", "1")
  if (q.page > 1) params.set("page", String(q.page))
  return params
}

const typeOptions = [
  { value: "", label: "Todos" },
  { value: "P", label: "Persona" },
  { value: "C", label: "Empresa" }
]

/**
 * Contratantes (admins): who pays, persons and companies, searched by type, RUT (or its start),
 * name (accents ignored) and policy in force; the URL keeps the search.
 */
export const ContractorListPage = ({ call = apiCall }: { readonly call?: Call }) => {
  const [params, setParams] = useSearchParams()
  const query = queryOf(params)
  const [logic] = useState(() => searchMachine<ContractorQuery, ContractorListed>().provide({ actors: contractorSearchActors(call, CONTRACTOR_PAGE_SIZE) }))
  const search = usePagedSearch(logic, query)
  const [texts, setTexts] = useState({ rut: query.rut, name: query.name })

  const go = (next: Partial<ContractorQuery>) => setParams(paramsOf({ ...query, page: 1, ...next }))
  const typeLater = useDebouncedCallback((next: Partial<ContractorQuery>) => go(next), 300)
  const clear = () => {
    setTexts({ rut: "", name: "" })
    setParams(new URLSearchParams())
  }
  const filtered = query.type !== "" || query.rut !== "" || query.name !== "" || query.active

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Contratantes
        </Title>
        <Button component={Link} to={newContractorPath}>
          Nuevo contratante
        </Button>
      </Group>
      <Paper withBorder radius="md">
        <Group p="sm" align="end" wrap="wrap">
          <NativeSelect label="Tipo" data={typeOptions} value={query.type} onChange={(e) => go({ type: typeOf(e.currentTarget.value) })} />
          <TextInput
            label="RUT"
            type="search"
            placeholder="12.345.678-5 o su comienzo"
            value={texts.rut}
            onChange={(e) => {
              const rut = e.currentTarget.value
              setTexts({ ...texts, rut })
              typeLater({ ...texts, rut })
            }}
          />
          <TextInput
            label="Nombre"
            type="search"
            placeholder="Parte del nombre o razón social"
            style={{ flex: 1, minWidth: 200 }}
            value={texts.name}
            onChange={(e) => {
              const name = e.currentTarget.value
              setTexts({ ...texts, name })
              typeLater({ ...texts, name })
            }}
          />
          <Checkbox label="Solo con póliza vigente" checked={query.active} onChange={(e) => go({ active: e.currentTarget.checked })} mb={8} />
        </Group>
        <SearchResults
          search={search}
          page={query.page}
          pageSize={CONTRACTOR_PAGE_SIZE}
          onPage={(page) => go({ page })}
          noun="contratantes"
          emptyHint="Ningún contratante coincide con la búsqueda."
          onClear={filtered ? clear : undefined}
        >
          {(items, loading) => (
            <Table.ScrollContainer minWidth={720}>
              <Table aria-label="Contratantes" aria-busy={loading} highlightOnHover verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Tipo</Table.Th>
                    <Table.Th>RUT</Table.Th>
                    <Table.Th>Nombre</Table.Th>
                    <Table.Th>Comuna</Table.Th>
                    <Table.Th>Correo electrónico</Table.Th>
                    <Table.Th ta="right">Pólizas vigentes</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((c) => (
                    <Table.Tr key={c.id}>
                      <Table.Td>{kindLabel[c.type]}</Table.Td>
                      <Table.Td style={{ whiteSpace: "nowrap" }}>{Rut.format(c.rut)}</Table.Td>
                      <Table.Td>
                        <Anchor component={Link} to={contractorPath(c.id)}>
                          {c.name}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{c.district}</Table.Td>
                      <Table.Td>{c.email}</Table.Td>
                      <Table.Td ta="right">{nf.format(Number(c.quantity))}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </SearchResults>
      </Paper>
    </Stack>
  )
}
