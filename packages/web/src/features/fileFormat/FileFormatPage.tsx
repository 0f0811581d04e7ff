import { Alert, Button, Paper, Stack, Text, Title } from "@mantine/core"
import type { Call } from "@palma/core"
import { useSearchParams } from "react-router"
import { call as apiCall } from "../../lib/api"
import { FormatEditor } from "./FormatEditor"
import { PlanPicker } from "./PlanPicker"
import { useChannelPlans } from "./useChannelPlans"

/**
 * Formatos de archivo: pick a channel and one of its plans (kept in the URL: `?retail=&plan=`),
 * then set the columns of the Excel that channel sends for that plan.
 */
export const FileFormatPage = ({ call = apiCall }: { readonly call?: Call }) => {
  const { state, retry } = useChannelPlans(call)
  const [params, setParams] = useSearchParams()
  const channelId = params.get("retail")
  const planId = params.get("plan")
  const channels = state.status === "ready" ? state.channels : null
  const channel = channels?.find((c) => c.id === channelId)
  const plan = channel?.plans.find((p) => p.id === planId)

  const choose = (next: { retail: string | null; plan: string | null }) =>
    setParams(() => {
      const search = new URLSearchParams()
      if (next.retail !== null) search.set("retail", next.retail)
      if (next.plan !== null) search.set("plan", next.plan)
      return search
    })

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Formatos de archivo
      </Title>
      <Paper withBorder radius="md" p="md">
        <Text size="sm" c="dimmed" mb="sm">
          Cada plan de un canal tiene su formato: las columnas del Excel con que el canal envía sus asegurados.
        </Text>
        {state.status === "failure" ? (
          <Alert color="red" title="No se pudieron cargar los canales">
            <Text size="sm" mb="sm">
              {state.message}
            </Text>
            <Button variant="light" color="red" onClick={retry}>
              Reintentar
            </Button>
          </Alert>
        ) : (
          <PlanPicker
            channels={channels}
            channelId={channelId}
            planId={planId}
            onChannel={(retail) => choose({ retail, plan: null })}
            onPlan={(next) => choose({ retail: channelId, plan: next })}
          />
        )}
      </Paper>
      {channel !== undefined && plan !== undefined && (
        <FormatEditor key={plan.id} call={call} planId={plan.id} planName={`${plan.product_name} de ${channel.name}`} />
      )}
    </Stack>
  )
}
