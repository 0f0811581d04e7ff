import { type Call, caseDownloadActors, caseDownloadMachine, XLSX_CONTENT_TYPE } from "@palma/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useState } from "react"
import { notify } from "../../lib/notify"
import { saveFile } from "../../lib/saveFile"

const nf = new Intl.NumberFormat("es-CL")

/** casos.xlsx through core's caseDownload machine: saved as the browser's download when it arrives, with a toast of how many cases it holds. */
export const useCaseDownload = (call: Call) => {
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

  return { download, busy, failure }
}
