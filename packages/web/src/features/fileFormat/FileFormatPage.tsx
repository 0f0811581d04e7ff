import { Alert, Button, Paper, Stack, Text, Title } from "@mantine/core"
import type { Call } from "@palma/core"
import { useSearchParams } from "react-router"
import { call as apiCall } from "../../lib/api"
import { FormatEditor } from "./FormatEditor"
import { PlanPicker } from "./PlanPicker"
import { useLookup } from "../../lib/lookups/useLookup"
import { retailTexts } from "../../lib/lookups/retailTexts"

/**
 * Formatos de archivo: pick a retail and one of its plans (kept in the URL: `?retail=&plan=`),
 * then set the columns of the Excel that retail sends for that plan.
 */
export const FileFormatPage = ({ call = apiCall }: { readonly call?: Call }) => {
  // The active retails, each with the plans it sells (`GET /retail/getProductsAndRetail`), shared by the session.
  const { status, value: retails, failure, retry } = useLookup("retailPlans")
  const [params, setParams] = useSearchParams()
  const retailId = params.get("retail")
  const planId = params.get("plan")
  const retail = retails?.find((c) => c.id === retailId)
  const plan = retail?.plans.find((p) => p.id === planId)

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
        {status === "error" ? (
          <Alert color="red" title={retailTexts.failed}>
            <Text size="sm" mb="sm">
              {failure?.message ?? retailTexts.failed}
            </Text>
            <Button variant="light" color="red" onClick={retry}>
              Reintentar
            </Button>
          </Alert>
        ) : (
          <PlanPicker
            retails={retails}
            retailId={retailId}
            planId={planId}
            onRetail={(retail) => choose({ retail, plan: null })}
            onPlan={(next) => choose({ retail: retailId, plan: next })}
          />
        )}
      </Paper>
      {retail !== undefined && plan !== undefined && (
        <FormatEditor
          key={plan.id}
          call={call}
          planId={plan.id}
          planName={`${plan.product_name} de ${retail.name}`}
          names={{ retail: retail.name, plan: plan.product_name }}
        />
      )}
    </Stack>
  )
}
