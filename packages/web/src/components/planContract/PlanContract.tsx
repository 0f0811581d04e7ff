import { Alert, Button, Group, Loader, Text } from "@mantine/core"
import type { Call } from "@palma/core"
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react"
import { ViewerBoundary } from "./ViewerBoundary"

// pdf.js is large: loaded the first time a contract is opened.
const PdfViewer = lazy(() => import("../pdf/PdfViewer").then((m) => ({ default: m.PdfViewer })))

type Contract =
  { readonly status: "loading" } | { readonly status: "ready"; readonly base64: string } | { readonly status: "failure"; readonly message: string }

const messageOf = (error: unknown) =>
  typeof error === "object" && error !== null && "message" in error && typeof error.message === "string" && error.message !== ""
    ? error.message
    : "No se pudo obtener el contrato"

const Waiting = ({ children }: { readonly children: ReactNode }) => (
  <Group role="status" gap="xs" justify="center" p="md">
    <Loader size="sm" aria-hidden="true" />
    <Text size="sm">{children}</Text>
  </Group>
)

/**
 * A plan's contract (`GET /product/getContract/{productPlan_id}`, a PDF in base64) in the
 * viewer, with its loading and failure states. Shared by the product and retail screens.
 */
export const PlanContract = ({ call, planId, title }: { readonly call: Call; readonly planId: string; readonly title: string }) => {
  const [attempt, setAttempt] = useState(0)
  const [contract, setContract] = useState<Contract>({ status: "loading" })
  // StrictMode runs effects twice on mount: the same attempt reuses its request instead of sending another.
  const request = useRef<{ readonly key: string; readonly promise: Promise<{ readonly base64: string }> } | null>(null)
  useEffect(() => {
    let live = true
    setContract({ status: "loading" })
    const key = `${planId}:${attempt}`
    if (request.current?.key !== key) {
      request.current = { key, promise: call((c) => c.product.getContract({ path: { productPlan_id: planId } })) }
    }
    request.current.promise.then(
      ({ base64 }) => live && setContract({ status: "ready", base64 }),
      (error: unknown) => live && setContract({ status: "failure", message: messageOf(error) })
    )
    return () => {
      live = false
    }
  }, [call, planId, attempt])

  if (contract.status === "loading") return <Waiting>Generando el contrato…</Waiting>
  if (contract.status === "failure")
    return (
      <Alert color="red" title="No se pudo obtener el contrato">
        <Text size="sm" mb="sm">
          {contract.message}
        </Text>
        <Button variant="light" color="red" onClick={() => setAttempt((n) => n + 1)}>
          Reintentar
        </Button>
      </Alert>
    )
  return (
    <ViewerBoundary>
      <Suspense fallback={<Waiting>Abriendo el visor…</Waiting>}>
        <PdfViewer source={{ base64: contract.base64 }} title={title} />
      </Suspense>
    </ViewerBoundary>
  )
}
