import { Group, Loader, Text } from "@mantine/core"
import { RetryAlert } from "../RetryAlert"
import { lazy, type ReactNode, Suspense } from "react"
import { useLookup } from "../../lib/lookups/useLookup"
import { ViewerBoundary } from "./ViewerBoundary"

// pdf.js is large: loaded the first time a contract is opened.
const PdfViewer = lazy(() => import("../pdf/PdfViewer").then((m) => ({ default: m.PdfViewer })))

const Waiting = ({ children }: { readonly children: ReactNode }) => (
  <Group role="status" gap="xs" justify="center" p="md">
    <Loader size="sm" aria-hidden="true" />
    <Text size="sm">{children}</Text>
  </Group>
)

/**
 * A plan's contract (`GET /product/getContract/{productPlan_id}`, a PDF in base64) in the
 * viewer, with its loading and failure states. Read through the session's cache (the same
 * contract opened again is not asked again). Shared by the product and retail screens.
 */
export const PlanContract = ({ planId, title }: { readonly planId: string; readonly title: string }) => {
  const contract = useLookup("contract", planId)
  if (contract.status === "error")
    return <RetryAlert title="No se pudo obtener el contrato" message={contract.failure?.message ?? null} onRetry={contract.retry} />
  if (contract.value === null) return <Waiting>Generando el contrato…</Waiting>
  return (
    <ViewerBoundary>
      <Suspense fallback={<Waiting>Abriendo el visor…</Waiting>}>
        <PdfViewer source={{ base64: contract.value.base64 }} title={title} />
      </Suspense>
    </ViewerBoundary>
  )
}
