import { Alert, Button, Checkbox, FileInput, Group, Select, Stack, Text } from "@mantine/core"
import { BULK_LOAD_MAX_BYTES, type BulkLoadUpload, EMPTY_FILE, type Failure, ROSTER_MISSING, ROSTER_TOO_LARGE } from "@palma/core"
import { useState } from "react"
import { useLookup } from "../../lib/lookups/useLookup"
import { retailTexts } from "../../lib/lookups/retailTexts"

/** Why the chosen file cannot be sent, before sending it (the server checks it again by its bytes). */
const fileProblem = (file: File | null): string | null => {
  if (file === null) return null
  if (!file.name.toLowerCase().endsWith(".xlsx")) return "El archivo debe ser un Excel .xlsx"
  if (file.size > BULK_LOAD_MAX_BYTES) return ROSTER_TOO_LARGE
  if (file.size === 0) return EMPTY_FILE
  return null
}

export interface UploadFormProps {
  readonly initial: { readonly retail_id: string | null; readonly productPlan_id: string | null }
  readonly busy: boolean
  readonly failure: Failure | null
  readonly onDismiss: () => void
  readonly onUpload: (upload: BulkLoadUpload) => void
}

/**
 * Channel, one of its plans and the roster. «Revisar antes de cargar» (the default) shows what the
 * file would change before anything is written; without it the file loads at once, and removing
 * coverage of the insured it leaves out must be asked for explicitly.
 */
export const UploadForm = ({ initial, busy, failure, onDismiss, onUpload }: UploadFormProps) => {
  const retailPlans = useLookup("retailPlans")
  const [retailId, setRetailId] = useState<string | null>(initial.retail_id)
  const [planId, setPlanId] = useState<string | null>(initial.productPlan_id)
  const [file, setFile] = useState<File | null>(null)
  const [dryRun, setDryRun] = useState(true)
  const [removeMissing, setRemoveMissing] = useState(false)
  const [touched, setTouched] = useState(false)

  const retails = retailPlans.value ?? []
  const plans = retails.find((r) => r.id === retailId)?.products ?? []
  const problem = fileProblem(file)
  const missing = {
    retail: retailId === null ? "Elija el canal" : null,
    plan: planId === null ? "Elija el plan" : null,
    file: file === null ? ROSTER_MISSING : problem
  }
  const fieldIssue = (path: string) => failure?.issues.find((i) => i.path[0] === path)?.message ?? null
  // Issues of the form's own fields show under them; anything else (flags, a form problem) above the button.
  const otherIssues = (failure?.issues ?? []).filter((i) => !["retail_id", "productPlan_id", "file"].includes(String(i.path[0])))

  const submit = () => {
    setTouched(true)
    if (retailId === null || planId === null || file === null || problem !== null) return
    onUpload({ retail_id: retailId, productPlan_id: planId, file, fileName: file.name, dryRun, removeMissing: !dryRun && removeMissing })
  }

  return (
    <Stack
      component="form"
      gap="sm"
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <Group align="start" wrap="wrap">
        <Select
          label="Canal"
          placeholder={retailPlans.status === "loading" ? "Cargando canales…" : "Elija un canal"}
          data={retails.map((r) => ({ value: r.id, label: r.name }))}
          value={retailId}
          onChange={(value) => {
            setRetailId(value)
            setPlanId(null)
          }}
          searchable
          disabled={retailPlans.status === "loading" || busy}
          error={retailPlans.status === "error" ? retailTexts.failed : ((touched && missing.retail) ?? fieldIssue("retail_id"))}
          w={260}
        />
        <Select
          label="Plan"
          placeholder={retailId === null ? retailTexts.chooseFirst : "Elija un plan"}
          data={plans.map((p) => ({ value: p.productplan_id, label: p.name }))}
          value={planId}
          onChange={setPlanId}
          disabled={retailId === null || busy}
          error={(touched && missing.plan) || fieldIssue("productPlan_id")}
          w={260}
        />
        <FileInput
          label="Archivo Excel"
          placeholder="nomina.xlsx"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={file}
          onChange={(value) => {
            onDismiss()
            setFile(value)
          }}
          clearable
          disabled={busy}
          error={problem ?? (touched ? missing.file : null) ?? fieldIssue("file")}
          w={300}
        />
      </Group>
      <Checkbox
        label="Revisar antes de cargar (no escribe nada hasta que confirme)"
        checked={dryRun}
        onChange={(e) => setDryRun(e.currentTarget.checked)}
        disabled={busy}
      />
      {!dryRun && (
        <Checkbox
          label="Quitar la cobertura a los asegurados del plan que no vengan en el archivo"
          description="Se hace al final, cuando todo el archivo se cargó, en una sola operación."
          checked={removeMissing}
          onChange={(e) => setRemoveMissing(e.currentTarget.checked)}
          disabled={busy}
        />
      )}
      {failure !== null && failure.issues.length === 0 && (
        <Alert color="red" title="No se subió el archivo" withCloseButton onClose={onDismiss}>
          {failure.message}
        </Alert>
      )}
      {otherIssues.length > 0 && (
        <Text c="red" size="sm" role="alert">
          {otherIssues.map((i) => i.message).join("; ")}
        </Text>
      )}
      <Group>
        <Button type="submit" loading={busy}>
          {dryRun ? "Revisar archivo" : "Cargar archivo"}
        </Button>
      </Group>
    </Stack>
  )
}
