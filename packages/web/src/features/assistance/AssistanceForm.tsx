import { Alert, Fieldset, MultiSelect, Select, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core"
import type { Assistance, AssistanceInput } from "@palma/core"
import { useEffect, useRef, useState } from "react"
import { FormActions, FormDialog, RejectionAlert, type ResourceFormProps, StaleRecord, useSchemaForm, useStaleReload } from "../../kit"
import { familyPicker } from "../../lib/lookups/pickers"
import { type AssistanceValues, bodyOf, familyLists, fieldKeyOf, initialValues, textItem } from "./assistanceValues"
import { FamilyChange } from "./FamilyChange"
import { TextListEditor } from "./TextListEditor"
import { useFamilyMembers } from "./useFamilyMembers"
import { ValuePicker } from "./ValuePicker"

type Props = ResourceFormProps<Assistance, AssistanceInput>

/** The one dialog that edits a whole assistance: family, texts, ordered values, specialties, documents, benefits, exclusions. */
export const AssistanceForm = (props: Props) => (
  <FormDialog opened={props.opened} onClose={props.onClose} title={props.item === null ? props.texts.create : props.texts.edit} size="xl">
    {/* Remounted per item so each opening starts from that item's values. */}
    <AssistanceFormBody key={props.item?.id ?? "new"} {...props} />
  </FormDialog>
)

const AssistanceFormBody = ({ config, item, defaults, canSubmit, saving, rejection, onSubmit, onClose, read }: Props) => {
  const {
    form,
    submit,
    rejection: refusal,
    unshown,
    element
  } = useSchemaForm<AssistanceValues, AssistanceInput>({
    name: "assistance-form",
    initialValues: initialValues(item, defaults.family_id ?? null),
    schema: config.input,
    bodyOf,
    keyOf: fieldKeyOf,
    rejection,
    onSubmit
  })
  const { values } = form
  // Someone else saved first (412): Recargar puts the saved record in the form, what was typed listed beside it.
  const { stale, notice } = useStaleReload<AssistanceValues, Assistance>({
    read,
    item,
    rejection,
    form,
    valuesOf: (latest) => initialValues(latest, defaults.family_id ?? null),
    // Benefits and exclusions get fresh row keys on every load, so they are not compared.
    labels: { name: "Nombre", description: "Descripción", values: "Valores", specialties: "Especialidades", documents: "Documentos" }
  })
  const family = useFamilyMembers(values.family_id)
  const families = familyPicker.useOptions()
  const familyName = (id: string | null) =>
    families.options.find((o) => o.value === id)?.label ?? (id === item?.family_id ? item?.family_name : undefined) ?? ""
  const familyOptions = [
    ...families.options,
    ...(item !== null && !families.options.some((o) => o.value === item.family_id) ? [{ value: item.family_id, label: item.family_name }] : [])
  ].map((o) => ({ ...o }))

  // A family change with choices of the old family waits for the person's confirmation.
  const [pendingFamily, setPendingFamily] = useState<string | null>(null)
  // Once answered, the question goes away and the focus returns to the family.
  const familyInput = useRef<HTMLInputElement>(null)
  const [answered, setAnswered] = useState(false)
  useEffect(() => {
    if (!answered) return
    familyInput.current?.focus()
    setAnswered(false)
  }, [answered])
  const answer = (confirmed: boolean) => {
    if (confirmed && pendingFamily !== null) setFamily(pendingFamily)
    setPendingFamily(null)
    setAnswered(true)
  }
  const setFamily = (next: string) => {
    form.setFieldValue("family_id", next)
    for (const list of familyLists) form.setFieldValue(list, [])
  }
  const chooseFamily = (next: string | null) => {
    if (next === null || next === values.family_id) return
    if (familyLists.some((list) => values[list].length > 0)) setPendingFamily(next)
    else setFamily(next)
  }

  const noFamily = values.family_id === null
  const membersPlaceholder = (what: string) =>
    noFamily ? "Elija primero la familia" : family.status === "loading" ? `Cargando ${what}…` : `Seleccione ${what}…`
  const error = (key: string) => (form.errors[key] === undefined ? undefined : String(form.errors[key]))

  return (
    <form ref={element} noValidate onSubmit={submit}>
      <Stack>
        {stale || notice.typed !== null ? <StaleRecord {...notice} /> : <RejectionAlert rejection={refusal} unshown={unshown} />}
        <Stack gap="sm">
          <Select
            ref={familyInput}
            label="Familia"
            required
            data={familyOptions}
            value={values.family_id}
            onChange={chooseFamily}
            error={error("family_id") ?? (families.status === "error" ? "No se pudieron cargar las familias" : undefined)}
            placeholder={families.status === "loading" ? "Cargando familias…" : "Seleccione…"}
            searchable
            openOnFocus={false}
            allowDeselect={false}
            nothingFoundMessage="Sin resultados"
            disabled={pendingFamily !== null}
            data-autofocus
          />
          {pendingFamily !== null && values.family_id !== null && (
            <FamilyChange
              from={familyName(values.family_id)}
              to={familyName(pendingFamily)}
              values={values.values.length}
              specialties={values.specialties.length}
              documents={values.documents.length}
              onConfirm={() => answer(true)}
              onCancel={() => answer(false)}
            />
          )}
          <TextInput label="Nombre" required maxLength={120} {...form.getInputProps("name")} />
          <Textarea label="Descripción" rows={2} resize="vertical" maxLength={1000} {...form.getInputProps("description")} />
        </Stack>

        {family.status === "error" && (
          <Alert color="red" title="No se pudieron cargar los valores, especialidades y documentos de la familia">
            Cierre el formulario e intente de nuevo.
          </Alert>
        )}

        <Fieldset legend="Valores a capturar">
          <ValuePicker
            chosen={values.values}
            options={family.members.values}
            placeholder={membersPlaceholder("valores")}
            disabled={noFamily || pendingFamily !== null}
            error={error("values")}
            itemError={(index) => error(`values.${index}`)}
            onAdd={(id) => form.insertListItem("values", id)}
            onMove={(from, to) => form.reorderListItem("values", { from, to })}
            onRemove={(index) => form.removeListItem("values", index)}
          />
        </Fieldset>

        <Fieldset legend="Especialidades y documentos">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <MultiSelect
              label="Especialidades"
              description="Quiénes pueden atender el servicio"
              data={family.members.specialties.map((o) => ({ ...o }))}
              placeholder={values.specialties.length > 0 ? undefined : membersPlaceholder("especialidades")}
              disabled={noFamily || pendingFamily !== null}
              searchable
              nothingFoundMessage="Sin resultados"
              {...form.getInputProps("specialties")}
            />
            <MultiSelect
              label="Documentos"
              description="Lo que el caso puede pedir"
              data={family.members.documents.map((o) => ({ ...o }))}
              placeholder={values.documents.length > 0 ? undefined : membersPlaceholder("documentos")}
              disabled={noFamily || pendingFamily !== null}
              searchable
              nothingFoundMessage="Sin resultados"
              {...form.getInputProps("documents")}
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend="Beneficios">
          <TextListEditor
            label="Beneficios"
            noun="beneficio"
            newLabel="Nuevo beneficio"
            maxLength={300}
            items={values.benefits}
            inputProps={(index) => form.getInputProps(`benefits.${index}.text`)}
            error={error("benefits")}
            onAdd={(text) => form.insertListItem("benefits", textItem(text))}
            onMove={(from, to) => form.reorderListItem("benefits", { from, to })}
            onRemove={(index) => form.removeListItem("benefits", index)}
          />
        </Fieldset>

        <Fieldset legend="Exclusiones">
          <TextListEditor
            label="Exclusiones"
            noun="exclusión"
            newLabel="Nueva exclusión"
            maxLength={300}
            items={values.exclusions}
            inputProps={(index) => form.getInputProps(`exclusions.${index}.text`)}
            error={error("exclusions")}
            onAdd={(text) => form.insertListItem("exclusions", textItem(text))}
            onMove={(from, to) => form.reorderListItem("exclusions", { from, to })}
            onRemove={(index) => form.removeListItem("exclusions", index)}
          />
        </Fieldset>

        <FormActions canSubmit={canSubmit && pendingFamily === null} saving={saving} onClose={onClose} />
      </Stack>
    </form>
  )
}
