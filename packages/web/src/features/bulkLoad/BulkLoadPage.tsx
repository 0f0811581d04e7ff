import { Paper, Stack, Title } from "@mantine/core"
import type { Call } from "@palma/core"
import { useEffect, useState } from "react"
import { useSearchParams } from "react-router"
import { call as apiCall } from "../../lib/api"
import { JobPanel } from "./JobPanel"
import { UploadForm } from "./UploadForm"
import { UploadHistory } from "./UploadHistory"
import { useBulkLoad } from "./useBulkLoad"

/**
 * Carga de asegurados (Gestión de Subidas, the seed's /uploads-insured): pick a channel's plan and
 * its roster, see what it changes, confirm, follow the load live, download the rows that failed;
 * below, every upload so far. A channel's plan links here with `?retail=&plan=` chosen. A reload
 * mid-load picks the same job up again. Driven by core's bulkLoad machine.
 */
export const BulkLoadPage = ({ call = apiCall }: { readonly call?: Call }) => {
  const [params] = useSearchParams()
  const { actor, job, failure, phase, downloading } = useBulkLoad(call)
  const [historyVersion, setHistoryVersion] = useState(0)
  const jobKey = `${job?.id ?? ""}:${job?.status ?? ""}`
  useEffect(() => setHistoryVersion((v) => v + 1), [jobKey])

  const showForm = phase === "idle" || phase === "uploading"
  return (
    <Stack>
      <Title order={1} size="h2">
        Carga de asegurados
      </Title>
      {showForm ? (
        <Paper withBorder radius="md" p="md" component="section" aria-label="Nueva carga">
          <UploadForm
            initial={{ retail_id: params.get("retail"), productPlan_id: params.get("plan") }}
            busy={phase === "uploading"}
            failure={failure}
            onDismiss={() => actor.send({ type: "DISMISS" })}
            onUpload={(upload) => actor.send({ type: "UPLOAD", upload })}
          />
        </Paper>
      ) : (
        job !== null && (
          <JobPanel
            call={call}
            job={job}
            phase={phase}
            downloading={downloading}
            onConfirm={(removeMissing) => actor.send({ type: "CONFIRM", removeMissing })}
            onCancel={() => actor.send({ type: "CANCEL" })}
            onDownloadErrors={() => actor.send({ type: "DOWNLOAD_ERRORS" })}
            onNew={() => actor.send({ type: "RESET" })}
          />
        )
      )}
      <Title order={2} size="h3">
        Historial de cargas
      </Title>
      <Paper withBorder radius="md">
        <UploadHistory
          call={call}
          version={historyVersion}
          onOpen={showForm || phase === "finished" ? (opened) => actor.send({ type: "RESUME", id: opened.id }) : undefined}
        />
      </Paper>
    </Stack>
  )
}
