import { Button, Checkbox, Group, Paper, Select, Stack, Text, TextInput, Title } from "@mantine/core"
import { type Call, type CaseQuery, type CaseRow, caseSearchActors, criteriaOf, queryOfCriteria, refundStatuses, searchMachine } from "@palma/core"
import { useState } from "react"
import { useSearchParams } from "react-router"
import { SearchResults, usePagedSearch } from "../../kit"
import { call as apiCall } from "../../lib/api"
import { useLookup } from "../../lib/lookups/useLookup"
import { CaseListExport } from "./CaseListExport"
import { CaseViews } from "./CaseViews"
import { caseQueryOf, caseQueryParams, isFiltered } from "./caseQuery"
import { CaseTable } from "../../components/case/CaseTable"
import { retailTexts } from "../../lib/lookups/retailTexts"

export const CASES_PAGE_SIZE = 20

const nf = new Intl.NumberFormat("es-CL")
const ALL = ""

const statusOptions = [
  { value: ALL, label: "Todos" },
  { value: "open", label: "Abiertos" },
  { value: "closed", label: "Cerrados" }
]
const refundOptions = [{ value: ALL, label: "Todos" }, ...refundStatuses.map((s) => ({ value: s, label: s }))]

/**
 * Casos (Asistencia, every role): the cases newest first, filtered by channel, stage, open or
 * closed, the refund's status, the applicant's RUT or name, or only the ones the user opened;
 * views name a set of filters (built in, or saved by the user). The URL keeps the filters and the
 * page, so a link or Back shows the same list. Texts apply on Enter or «Buscar»; the rest at once.
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
  const apply = (next: CaseQuery) => {
    setRut(next.rut)
    setName(next.name)
    setParams(caseQueryParams(next))
  }
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
        <CaseViews call={call} criteria={criteriaOf(query)} onApply={(criteria) => apply(queryOfCriteria(criteria))} />
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
              error={filters.status === "error" ? retailTexts.failed : undefined}
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
            <Select
              label="Estado"
              data={statusOptions}
              value={query.status}
              onChange={(value) => go({ status: value === "open" || value === "closed" ? value : ALL })}
              allowDeselect={false}
              w={130}
            />
            <Select
              label="Reembolso"
              data={refundOptions}
              value={query.refund_status}
              onChange={(value) => go({ refund_status: refundStatuses.find((s) => s === value) ?? ALL })}
              allowDeselect={false}
              w={150}
            />
            <TextInput label="RUT del solicitante" placeholder="12.345.678-5" value={rut} onChange={(e) => setRut(e.currentTarget.value)} w={170} />
            <TextInput
              label="Nombre del solicitante"
              placeholder="«munoz»"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              style={{ flex: 1, minWidth: 200 }}
            />
            <Checkbox label="Solo los que abrí" checked={query.mine} onChange={(e) => go({ mine: e.currentTarget.checked })} mb={8} />
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
