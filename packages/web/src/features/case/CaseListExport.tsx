import { Alert, Button, Stack } from "@mantine/core"
import type { Call } from "@palma/core"
import { useCaseDownload } from "../../components/case/useCaseDownload"

/**
 * Operators export the cases they work (DESIGN §3) from the list: casos.xlsx of the channel the
 * list is filtered by (every channel without one). The export's filters are the channel and dates
 * (spec §5): stage, RUT and name narrow the list only, and the button says so.
 */
export const CaseListExport = ({ call, retailId }: { readonly call: Call; readonly retailId: string }) => {
  const { download, busy, failure } = useCaseDownload(call)
  return (
    <Stack gap={4} align="flex-end">
      <Button
        variant="default"
        loading={busy}
        title="Descarga casos.xlsx con todos los casos del canal elegido (la etapa, el RUT y el nombre no se aplican)"
        onClick={() =>
          download.send({ type: "DOWNLOAD", criteria: { retail_id: retailId === "" ? "Todos" : retailId, case_date: "Todos", event_date: "Todos", page: 1 } })
        }
      >
        {retailId === "" ? "Exportar todos los casos" : "Exportar los casos del canal"}
      </Button>
      {failure !== null && (
        <Alert color={failure.status === 404 ? "yellow" : "red"} withCloseButton onClose={() => download.send({ type: "DISMISS" })}>
          {failure.message}
        </Alert>
      )}
    </Stack>
  )
}
