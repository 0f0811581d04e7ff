import { Alert, Button, Group, Paper, Select, Stack, Text, Title } from "@mantine/core"
import {
  type Call,
  caseExportActors,
  type CaseExportCriteria,
  type CaseMonthList,
  type CaseRow,
  type DateFilter,
  monthLabel,
  searchMachine,
  toDateFilter,
  yearMonthOf
} from "@palma/core"
import { useState } from "react"
import { useSearchParams } from "react-router"
import { CaseTable } from "../../components/case/CaseTable"
import { useCaseDownload } from "../../components/case/useCaseDownload"
import { SearchResults, usePagedSearch } from "../../kit"
import { call as apiCall } from "../../lib/api"
import { useLookup } from "../../lib/lookups/useLookup"
import { exportCriteriaOf, exportCriteriaParams } from "./exportCriteria"
import { retailTexts } from "../../lib/lookups/retailTexts"

const PAGE_SIZE = 20
const nf = new Intl.NumberFormat("es-CL")

/** Todos, Hoy, Esta semana, then the months that have cases (newest first), in Spanish. */
const dateOptions = (months: CaseMonthList | undefined, chosen: DateFilter) => {
  const known = (months ?? []).flatMap((m) => {
    const ym = yearMonthOf(m)
    return ym === undefined ? [] : [ym]
  })
  // A month in the URL with no case still shows as chosen.
  const all = known.includes(chosen) || ["Todos", "Hoy", "Esta semana"].includes(chosen) ? known : [chosen, ...known]
  return [
    { value: "Todos", label: "Todas las fechas" },
    { value: "Hoy", label: "Hoy" },
    { value: "Esta semana", label: "Esta semana (lunes a domingo)" },
    ...all.map((ym) => ({ value: ym, label: monthLabel(ym) }))
  ]
}

/**
 * Exportar casos (Reportes): channel and the dates of opening and of the event pick the cases; a
 * paged preview shows them (newest first); «Descargar casos.xlsx» saves the workbook, one sheet per
 * channel, only when some case matches (spec §5). The URL keeps the filters.
 */
export const CaseExportPage = ({ call = apiCall }: { readonly call?: Call }) => {
  const [params, setParams] = useSearchParams()
  const criteria = exportCriteriaOf(params)
  const filters = useLookup("caseFilters")
  const dates = useLookup("caseDates")
  const [previewLogic] = useState(() => searchMachine<CaseExportCriteria, CaseRow>().provide({ actors: caseExportActors(call, PAGE_SIZE) }))
  const search = usePagedSearch(previewLogic, criteria)
  const { download, busy: downloading, failure } = useCaseDownload(call)

  const go = (patch: Partial<CaseExportCriteria>) => {
    download.send({ type: "DISMISS" })
    setParams(exportCriteriaParams({ ...criteria, page: 1, ...patch }))
  }
  const total = search.result?.total
  const retailOptions = [{ value: "Todos", label: "Todos los canales" }, ...(filters.value?.origins ?? []).map((o) => ({ value: o.id, label: o.name }))]
  const dateSelect = (label: string, key: "case_date" | "event_date", months: CaseMonthList | undefined) => (
    <Select
      label={label}
      data={dateOptions(months, criteria[key])}
      value={criteria[key]}
      onChange={(value) => go({ [key]: toDateFilter(value ?? "Todos") ?? "Todos" })}
      allowDeselect={false}
      disabled={dates.status === "loading"}
      error={dates.status === "error" ? "No se pudieron cargar los meses con casos" : undefined}
      w={230}
    />
  )

  return (
    <Stack>
      <Group justify="space-between" align="end">
        <Title order={1} size="h2">
          Exportar casos
        </Title>
        {total !== undefined && (
          <Text c="dimmed" role="status">
            {total === 1 ? "1 caso" : `${nf.format(total)} casos`} para exportar
          </Text>
        )}
      </Group>
      <Paper withBorder radius="md">
        <Group p="sm" align="end" wrap="wrap">
          <Select
            label="Canal"
            data={retailOptions}
            value={criteria.retail_id}
            onChange={(value) => go({ retail_id: value ?? "Todos" })}
            allowDeselect={false}
            searchable
            disabled={filters.status === "loading"}
            error={filters.status === "error" ? retailTexts.failed : undefined}
            w={240}
          />
          {dateSelect("Fecha de apertura", "case_date", dates.value?.createdDates)}
          {dateSelect("Fecha del evento", "event_date", dates.value?.eventDates)}
          <Button onClick={() => download.send({ type: "DOWNLOAD", criteria })} loading={downloading} disabled={total === 0} ml="auto">
            Descargar casos.xlsx
          </Button>
        </Group>
        {failure !== null && (
          <Alert
            color={failure.status === 404 ? "yellow" : "red"}
            mx="sm"
            mb="sm"
            title="No se descargó el archivo"
            withCloseButton
            onClose={() => download.send({ type: "DISMISS" })}
          >
            {failure.message}
          </Alert>
        )}
        <SearchResults
          search={search}
          page={criteria.page}
          pageSize={PAGE_SIZE}
          onPage={(page) => setParams(exportCriteriaParams({ ...criteria, page }))}
          noun="casos"
          emptyHint="Ningún caso cumple estos filtros: no hay nada que exportar."
          onClear={exportCriteriaParams(criteria).toString() === "" ? undefined : () => setParams(new URLSearchParams())}
        >
          {(rows, loading) => <CaseTable rows={rows} loading={loading} />}
        </SearchResults>
      </Paper>
    </Stack>
  )
}
