import { Alert, Fieldset, MultiSelect, Select, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core"
import type { Assistance, AssistanceInput } from "@palma/core"
import { useEffect, useRef, useState } from "react"
import { RecordForm, recordFormDialog, type ResourceFormProps, useRecordForm, withOption } from "../../kit"
import { familyPicker } from "../../lib/lookups/pickers"
import { type AssistanceValues, bodyOf, familyLists, fieldKeyOf, initialValues, textItem } from "./assistanceValues"
import { FamilyChange } from "./FamilyChange"
import { TextListEditor } from "./TextListEditor"
import { useFamilyMembers } from "./useFamilyMembers"
import { ValuePicker } from "./ValuePicker"

type Props = ResourceFormProps<Assistance, AssistanceInput>

const AssistanceFormBody = (props: Props) => {
  const { item, defaults, canSubmit } = props
  // Someone else saved first (412): Recargar puts the saved record in the form, what was typed listed beside it.
  const { form, values, error, frame } = useRecordForm<Assistance, AssistanceValues, AssistanceInput>({
    props,
    name: "assistance-form",
    valuesOf: (record) => initialValues(record, defaults.family_id ?? null),
    bodyOf,
    keyOf: fieldKeyOf,
    // Benefits and exclusions get fresh row keys on every load, so they are not compared.
    labels: { name: "Nombre", description: "Descripción", values: "Valores", specialties: "Especialidades", documents: "Documentos" }
  })
  const family = useFamilyMembers(values.family_id)
  const families = familyPicker.useOptions()
  const familyOptions = withOption(families.options, item === null ? null : familyPicker.current(item))
  const familyName = (id: string | null) => familyOptions.find((o) => o.value === id)?.label ?? ""

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

  return (
    <RecordForm frame={frame} canSubmit={canSubmit && pendingFamily === null}>
      <Stack gap="sm">
        <Select
          ref={familyInput}
          label="Familia"
          required
          data={familyOptions}
          value={values.family_id}
          onChange={chooseFamily}
          error={error("family_id") ?? (families.status === "error" ? familyPicker.texts.failed : undefined)}
          placeholder={families.status === "loading" ? familyPicker.texts.loading : "Seleccione…"}
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
    </RecordForm>
  )
}

/** The one dialog that edits a whole assistance: family, texts, ordered values, specialties, documents, benefits, exclusions. */
export const AssistanceForm = recordFormDialog(AssistanceFormBody)
