import { Button, Group, Paper, Select, Stack, Text, TextInput, Title } from "@mantine/core"
import { type Call, type CaseQuery, type CaseRow, caseSearchActors, searchMachine } from "@palma/core"
import { useState } from "react"
import { useSearchParams } from "react-router"
import { SearchResults, usePagedSearch } from "../../kit"
import { call as apiCall } from "../../lib/api"
import { useLookup } from "../../lib/lookups/useLookup"
import { CaseListExport } from "./CaseListExport"
import { caseQueryOf, caseQueryParams, isFiltered } from "./caseQuery"
import { CaseTable } from "../../components/case/CaseTable"

export const CASES_PAGE_SIZE = 20

const nf = new Intl.NumberFormat("es-CL")
const ALL = ""

/**
 * Casos (Asistencia, every role): the cases newest first, filtered by channel, stage, the
 * applicant's RUT or name; the URL keeps the filters and the page, so a link or Back shows the
 * same list. Texts apply on Enter or «Buscar»; the selects at once.
 */
export const CaseListPage = ({ call = apiCall }: { readonly call?: Call }) => {
  const [params, setParams] = useSearchParams()
  const query = caseQueryOf(params)
  const [rut, setRut] = useState(query.rut)
  const [name, setName] = useState(query.name)
  const filters = useLookup("caseFilters")
  const [logic] = useState(() => searchMachine<CaseQuery, CaseRow>().provide({ actors: caseSearchActors(call, CASES_PAGE_SIZE) }))
  const search = usePagedSearch(logic, query)

  const go = (patch: Partial<CaseQuery>) => setParams(caseQueryParams({ ...query, page: 1, ...patch }))
  const applyTexts = () => go({ rut, name })
  const clear = () => {
    setRut("")
    setName("")
    setParams(new URLSearchParams())
  }
  const options = (list: ReadonlyArray<{ readonly id: string; readonly name: string }> | undefined, all: string) => [
    { value: ALL, label: all },
    ...(list ?? []).map((o) => ({ value: o.id, label: o.name }))
  ]
  const total = search.result?.total

  return (
    <Stack>
      <Group justify="space-between" align="end">
        <Title order={1} size="h2">
          Casos
        </Title>
        <Group gap="md" align="end">
          {total !== undefined && (
            <Text c="dimmed" role="status">
              {total === 1 ? "1 caso" : `${nf.format(total)} casos`}
              {isFiltered(query) ? " con estos filtros" : ""}
            </Text>
          )}
          <CaseListExport call={call} retailId={query.retail_id} />
        </Group>
      </Group>
      <Paper withBorder radius="md">
        <form
          onSubmit={(e) => {
            e.preventDefault()
            applyTexts()
          }}
        >
          <Group p="sm" align="end" wrap="wrap">
            <Select
              label="Canal"
              data={options(filters.value?.origins, "Todos")}
              value={query.retail_id}
              onChange={(value) => go({ retail_id: value ?? ALL })}
              allowDeselect={false}
              searchable
              disabled={filters.status === "loading"}
              error={filters.status === "error" ? "No se pudieron cargar los canales" : undefined}
              w={220}
            />
            <Select
              label="Etapa"
              data={options(filters.value?.stages, "Todas")}
              value={query.stage_id}
              onChange={(value) => go({ stage_id: value ?? ALL })}
              allowDeselect={false}
              disabled={filters.status === "loading"}
              error={filters.status === "error" ? "No se pudieron cargar las etapas" : undefined}
              w={220}
            />
            <TextInput label="RUT del solicitante" placeholder="12.345.678-5" value={rut} onChange={(e) => setRut(e.currentTarget.value)} w={170} />
            <TextInput
              label="Nombre del solicitante"
              placeholder="«munoz»"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              style={{ flex: 1, minWidth: 200 }}
            />
            <Button type="submit">Buscar</Button>
          </Group>
        </form>
        <SearchResults
          search={search}
          page={query.page}
          pageSize={CASES_PAGE_SIZE}
          onPage={(page) => go({ page })}
          noun="casos"
          emptyHint="Revise los filtros: el nombre se busca en cualquier parte y sin importar tildes."
          onClear={isFiltered(query) ? clear : undefined}
        >
          {(rows, loading) => <CaseTable rows={rows} loading={loading} />}
        </SearchResults>
      </Paper>
    </Stack>
  )
}
