import { Alert, Button, Stack } from "@mantine/core"
import { type Call, caseDownloadActors, caseDownloadMachine, XLSX_CONTENT_TYPE } from "@palma/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useState } from "react"
import { notify } from "../../lib/notify"
import { saveFile } from "../../lib/saveFile"

const nf = new Intl.NumberFormat("es-CL")

/**
 * Operators export the cases they work (DESIGN §3) from the list: casos.xlsx of the channel the
 * list is filtered by (every channel without one). The export's filters are the channel and dates
 * (spec §5): stage, RUT and name narrow the list only, and the button says so.
 */
export const CaseListExport = ({ call, retailId }: { readonly call: Call; readonly retailId: string }) => {
  const [logic] = useState(() => caseDownloadMachine.provide({ actors: caseDownloadActors(call) }))
  const download = useActorRef(logic)
  const busy = useSelector(download, (s) => !s.matches("idle"))
  const failure = useSelector(download, (s) => s.context.failure)

  useEffect(() => {
    const saved = download.on("downloaded", ({ bytes, cases }) => {
      saveFile(new Uint8Array(bytes), "casos.xlsx", XLSX_CONTENT_TYPE)
      notify.success(`casos.xlsx descargado: ${cases === 1 ? "1 caso" : `${nf.format(cases)} casos`}`)
    })
    return () => saved.unsubscribe()
  }, [download])

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
