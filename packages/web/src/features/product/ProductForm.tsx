import { Checkbox, Fieldset, Group, NumberInput, Radio, Select, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core"
import { type ListedProduct, type ProductInput, productLabels } from "@palma/core"
import { RecordForm, recordFormDialog, type ResourceFormProps, useRecordForm, withOption } from "../../kit"
import { CoverageCard } from "./CoverageCard"
import { CoverageList } from "./CoverageList"
import { currencyOptions, frequencyOptions, termOptions } from "./labels"
import { MoneyInput, moneyHint } from "./MoneyInput"
import { bodyOf, checkMoney, coverageOf, fieldKeyOf, initialValues, type ProductValues } from "./productValues"
import { familyPicker } from "../../lib/lookups/pickers"
import { useAssistanceOptions } from "./useAssistanceOptions"

type Props = ResourceFormProps<ListedProduct, ProductInput>

const ProductFormBody = (props: Props) => {
  const { item, defaults, canSubmit } = props
  // Someone else saved first (412): Recargar puts the saved record in the form, what was typed listed beside it.
  const { form, values, error, frame } = useRecordForm<ListedProduct, ProductValues, ProductInput>({
    props,
    name: "product-form",
    valuesOf: (record) => initialValues(record, defaults.family_id ?? null),
    bodyOf,
    keyOf: fieldKeyOf,
    check: checkMoney,
    labels: productLabels
  })
  const assistances = useAssistanceOptions()
  const families = familyPicker.useOptions()
  const familyOptions = withOption(families.options, item === null ? null : familyPicker.current(item))

  const money = (name: "cost" | "dynamiccharge" | "minInsuredCompanyPrice", label: string) => {
    const { value, onChange, error: fieldError } = form.getInputProps(name)
    return (
      <MoneyInput
        label={label}
        required
        currency={values.currency}
        description={moneyHint(values.currency)}
        value={String(value ?? "")}
        onChange={(text) => onChange(text)}
        onBlur={() => form.validateField(name)}
        error={fieldError}
      />
    )
  }

  return (
    <RecordForm frame={frame} canSubmit={canSubmit}>
      <Fieldset legend="Producto">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label="Familia"
              required
              data={familyOptions}
              placeholder={families.status === "loading" ? familyPicker.texts.loading : "Seleccione…"}
              searchable
              openOnFocus={false}
              allowDeselect={false}
              nothingFoundMessage="Sin resultados"
              data-autofocus
              {...form.getInputProps("family_id")}
              error={error("family_id") ?? (families.status === "error" ? familyPicker.texts.failed : undefined)}
            />
            <TextInput label={productLabels.name} required maxLength={120} {...form.getInputProps("name")} />
            <TextInput label={productLabels.title} maxLength={120} {...form.getInputProps("title")} />
            <TextInput label={productLabels.subTitle} maxLength={200} {...form.getInputProps("subTitle")} />
            <TextInput label={productLabels.alias} description="Nombre con que lo vende la alianza" maxLength={120} {...form.getInputProps("alias")} />
          </SimpleGrid>
        </Stack>
      </Fieldset>

      <Fieldset legend="Precio y condiciones">
        <Stack gap="sm">
          <Radio.Group label="Moneda" required {...form.getInputProps("currency")}>
            <Group gap="lg" mt={4}>
              {currencyOptions.map((o) => (
                <Radio key={o.value} value={o.value} label={o.label} />
              ))}
            </Group>
          </Radio.Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {money("cost", productLabels.cost)}
            {money("minInsuredCompanyPrice", productLabels.minInsuredCompanyPrice)}
            {money("dynamiccharge", productLabels.dynamiccharge)}
          </SimpleGrid>
          <Radio.Group label="Frecuencia de pago" required {...form.getInputProps("frequency")}>
            <Group gap="lg" mt={4}>
              {frequencyOptions.map((o) => (
                <Radio key={o.value} value={o.value} label={o.label} />
              ))}
            </Group>
          </Radio.Group>
          <Radio.Group label="Plazo" required {...form.getInputProps("term")}>
            <Group gap="lg" mt={4}>
              {termOptions.map((o) => (
                <Radio key={o.value} value={o.value} label={o.label} />
              ))}
            </Group>
          </Radio.Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NumberInput
              label={productLabels.dueDay}
              description="Del 1 al 31"
              required
              min={1}
              max={31}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps("dueDay")}
            />
            <NumberInput
              label={productLabels.beneficiaries}
              description="Beneficiarios además del titular"
              required
              min={0}
              max={99}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps("beneficiaries")}
            />
          </SimpleGrid>
          <Checkbox label="Afecto a IVA" description="Sin marcar, el producto es exento" {...form.getInputProps("isSubject", { type: "checkbox" })} />
        </Stack>
      </Fieldset>

      <Fieldset legend="Textos del contrato">
        <Stack gap="sm">
          <Textarea label={productLabels.description} rows={2} resize="vertical" maxLength={2000} {...form.getInputProps("description")} />
          <Textarea label={productLabels.promotional} rows={2} resize="vertical" maxLength={2000} {...form.getInputProps("promotional")} />
          <Textarea label={productLabels.territorialScope} rows={2} resize="vertical" maxLength={500} {...form.getInputProps("territorialScope")} />
          <Textarea label={productLabels.hiringConditions} rows={3} resize="vertical" maxLength={4000} {...form.getInputProps("hiringConditions")} />
        </Stack>
      </Fieldset>

      <Fieldset legend={productLabels.assistances}>
        <CoverageList
          options={assistances}
          family={values.family_id}
          taken={values.assistances.map((a) => a.id)}
          error={error("assistances")}
          onAdd={({ id, name }) => form.insertListItem("assistances", coverageOf({ id, name }, values.currency))}
        >
          {values.assistances.map((coverage, index) => (
            <CoverageCard
              key={coverage.id}
              coverage={coverage}
              field={(name) => form.getInputProps(`assistances.${index}.${name}`)}
              onLeave={(name) => form.validateField(`assistances.${index}.${name}`)}
              error={error(`assistances.${index}.id`)}
              onRemove={() => form.removeListItem("assistances", index)}
            />
          ))}
        </CoverageList>
      </Fieldset>
    </RecordForm>
  )
}

/** The dialog that edits a whole product: what it is, its price and terms, its texts, and its assistances with their coverage. */
export const ProductForm = recordFormDialog(ProductFormBody)
