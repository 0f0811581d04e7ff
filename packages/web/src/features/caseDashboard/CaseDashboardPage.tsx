import { Anchor, Button, Group, Loader, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from "@mantine/core"
import { type Call, caseDashboardActors, caseDashboardMachine, type Dashboard, formatClp } from "@palma/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useState } from "react"
import { Link, useSearchParams } from "react-router"
import { casesPath } from "../../components/case/paths"
import { RetryAlert } from "../../components/RetryAlert"
import { call as apiCall } from "../../lib/api"
import { useLookup } from "../../lib/lookups/useLookup"
import { dashboardQueryOf, dashboardQueryParams } from "./dashboardQuery"
import { MonthChart, MonthTable } from "./MonthChart"

const nf = new Intl.NumberFormat("es-CL")
const days = new Intl.NumberFormat("es-CL", { maximumFractionDigits: 1 })

const Card = ({ label, value }: { readonly label: string; readonly value: string }) => (
  <Paper withBorder radius="md" p="md" role="group" aria-label={label}>
    <Text size="sm" c="dimmed">
      {label}
    </Text>
    <Text fw={700} size="xl">
      {value}
    </Text>
  </Paper>
)

/** Counts with a link to the case list filtered the same way, where the list has that filter. */
const Counts = ({
  title,
  rows
}: {
  readonly title: string
  readonly rows: ReadonlyArray<{ readonly key: string; readonly name: string; readonly cases: number; readonly to?: string }>
}) => (
  <Paper withBorder radius="md" p="md">
    <Title order={2} size="h4" mb="sm">
      {title}
    </Title>
    <Table aria-label={title}>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.key}>
            <Table.Td>
              {r.to === undefined ? (
                r.name
              ) : (
                <Anchor component={Link} to={r.to}>
                  {r.name}
                </Anchor>
              )}
            </Table.Td>
            <Table.Td ta="right">{nf.format(r.cases)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Paper>
)

const Figures = ({ figures, retail }: { readonly figures: Dashboard; readonly retail: string | undefined }) => {
  const withRetail = (params: Record<string, string>) => `${casesPath}?${new URLSearchParams({ ...params, ...(retail ? { retail } : {}) })}`
  const { totals, timeToClose } = figures
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, md: 3, lg: 6 }}>
        <Card label="Casos" value={nf.format(totals.cases)} />
        <Card label="Abiertos ahora" value={nf.format(totals.open)} />
        <Card label="Cerrados" value={nf.format(totals.closed)} />
        <Card label="Reembolsado" value={formatClp(totals.reimbursedAmount)} />
        <Card label="Descontado por IMED" value={formatClp(totals.imedAmount)} />
        <Card
          label="Días para cerrar (mediana · p90)"
          value={timeToClose.medianDays === null ? "—" : `${days.format(timeToClose.medianDays)} · ${days.format(timeToClose.p90Days ?? 0)}`}
        />
      </SimpleGrid>
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="sm">
          Casos por mes
        </Title>
        {figures.months.length === 0 ? (
          <Text c="dimmed">Sin casos en este período.</Text>
        ) : (
          <>
            <MonthChart months={figures.months} />
            <MonthTable months={figures.months} />
          </>
        )}
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Counts
          title="Por etapa"
          rows={figures.byStage.map((s) => ({ key: s.code, name: s.name, cases: s.cases, ...(s.id ? { to: withRetail({ stage: s.id }) } : {}) }))}
        />
        <Counts
          title="Por canal"
          rows={figures.byRetail.map((c) => ({ key: c.id ?? "none", name: c.name, cases: c.cases, ...(c.id ? { to: `${casesPath}?retail=${c.id}` } : {}) }))}
        />
        <Counts title="Por procedimiento" rows={figures.byProcedure.map((p) => ({ key: p.code ?? "none", name: p.name, cases: p.cases }))} />
      </SimpleGrid>
    </Stack>
  )
}

/**
 * Panel (Reportes): totals, cases per month, by stage, channel and procedure, and the days to close,
 * for a range of opening days and a channel kept in the URL. A stage or a channel leads to the case
 * list filtered the same way.
 */
export const CaseDashboardPage = ({ call = apiCall }: { readonly call?: Call }) => {
  const [params, setParams] = useSearchParams()
  const query = dashboardQueryOf(params)
  const filters = useLookup("caseFilters")
  const [logic] = useState(() => caseDashboardMachine.provide({ actors: caseDashboardActors(call) }))
  const actor = useActorRef(logic, { input: { query } })
  const state = useSelector(actor, (s) => s.value)
  const { figures, failure } = useSelector(actor, (s) => s.context)
  const key = params.toString()
  const [from, setFrom] = useState(query.from ?? "")
  const [to, setTo] = useState(query.to ?? "")

  useEffect(() => {
    actor.send({ type: "FILTER", query: dashboardQueryOf(new URLSearchParams(key)) })
  }, [actor, key])

  const go = (patch: Partial<typeof query>) => setParams(dashboardQueryParams({ ...query, ...patch }))
  const apply = () => go({ from: from === "" ? undefined : from, to: to === "" ? undefined : to })

  return (
    <Stack>
      <Title order={1} size="h2">
        Panel
      </Title>
      <Paper withBorder radius="md" p="sm">
        <form
          onSubmit={(e) => {
            e.preventDefault()
            apply()
          }}
        >
          <Group align="end" wrap="wrap">
            <TextInput type="date" label="Apertura desde" value={from} onChange={(e) => setFrom(e.currentTarget.value)} w={180} />
            <TextInput type="date" label="hasta" value={to} onChange={(e) => setTo(e.currentTarget.value)} w={180} />
            <Select
              label="Canal"
              data={[{ value: "", label: "Todos los canales" }, ...(filters.value?.origins ?? []).map((o) => ({ value: o.id, label: o.name }))]}
              value={query.retail_id ?? ""}
              onChange={(value) => go({ retail_id: value === null || value === "" ? undefined : value })}
              allowDeselect={false}
              searchable
              w={240}
            />
            <Button type="submit">Aplicar</Button>
          </Group>
        </form>
      </Paper>
      {state === "failure" ? (
        <RetryAlert title="No se pudo cargar el panel" message={failure?.message ?? null} onRetry={() => actor.send({ type: "RETRY" })} />
      ) : figures === null ? (
        <Group role="status" gap="xs">
          <Loader size="sm" aria-hidden="true" />
          <Text size="sm">Calculando el panel…</Text>
        </Group>
      ) : (
        <div aria-busy={state === "loading"}>
          <Figures figures={figures} retail={query.retail_id} />
        </div>
      )}
    </Stack>
  )
}
