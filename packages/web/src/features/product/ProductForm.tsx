import { Checkbox, Fieldset, Group, NumberInput, Radio, Select, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core"
import type { ListedProduct, Product, ProductInput } from "@palma/core"
import { FormActions, FormDialog, RejectionAlert, type ResourceFormProps, StaleRecord, useSchemaForm, useStaleReload } from "../../kit"
import { CoverageCard } from "./CoverageCard"
import { CoverageList } from "./CoverageList"
import { currencyOptions, frequencyOptions, termOptions } from "./labels"
import { MoneyInput, moneyHint } from "./MoneyInput"
import { bodyOf, checkMoney, coverageOf, fieldKeyOf, initialValues, type ProductValues } from "./productValues"
import { familyPicker } from "../../lib/lookups/pickers"
import { useAssistanceOptions } from "./useAssistanceOptions"

type Props = ResourceFormProps<ListedProduct, ProductInput>

/** The dialog that edits a whole product: what it is, its price and terms, its texts, and its assistances with their coverage. */
export const ProductForm = (props: Props) => (
  <FormDialog opened={props.opened} onClose={props.onClose} title={props.item === null ? props.texts.create : props.texts.edit} size="xl">
    {/* Remounted per item so each opening starts from that item's values. */}
    <ProductFormBody key={props.item?.id ?? "new"} {...props} />
  </FormDialog>
)

const ProductFormBody = ({ config, item, defaults, canSubmit, saving, rejection, onSubmit, onClose, read }: Props) => {
  const {
    form,
    submit,
    rejection: refusal,
    unshown,
    element
  } = useSchemaForm<ProductValues, ProductInput>({
    name: "product-form",
    initialValues: initialValues(item, defaults.family_id ?? null),
    schema: config.input,
    bodyOf,
    keyOf: fieldKeyOf,
    check: checkMoney,
    rejection,
    onSubmit
  })
  const { values } = form
  // Someone else saved first (412): Recargar puts the saved record in the form, what was typed listed beside it.
  const { stale, notice } = useStaleReload<ProductValues, Product>({
    read,
    item,
    rejection,
    form,
    valuesOf: (latest) => initialValues(latest, defaults.family_id ?? null),
    labels: {
      name: "Nombre",
      title: "Título",
      subTitle: "Subtítulo",
      alias: "Alianza",
      cost: "Costo",
      minInsuredCompanyPrice: "Precio mínimo empresa por asegurado",
      dynamiccharge: "Costo por carga",
      dueDay: "Día de pago",
      beneficiaries: "Cargas permitidas",
      description: "Descripción",
      promotional: "Descripción promocional",
      territorialScope: "Ámbito territorial",
      hiringConditions: "Condiciones de contratación",
      assistances: "Servicios y coberturas"
    }
  })
  const assistances = useAssistanceOptions()
  const families = familyPicker.useOptions()
  const familyOptions = [
    ...families.options,
    ...(item !== null && !families.options.some((o) => o.value === item.family_id) ? [{ value: item.family_id, label: item.family_name }] : [])
  ].map((o) => ({ ...o }))
  const error = (key: string) => (form.errors[key] === undefined ? undefined : String(form.errors[key]))

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
    <form ref={element} noValidate onSubmit={submit}>
      <Stack>
        {stale || notice.typed !== null ? <StaleRecord {...notice} /> : <RejectionAlert rejection={refusal} unshown={unshown} />}
        <Fieldset legend="Producto">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Select
                label="Familia"
                required
                data={familyOptions}
                placeholder={families.status === "loading" ? "Cargando familias…" : "Seleccione…"}
                searchable
                openOnFocus={false}
                allowDeselect={false}
                nothingFoundMessage="Sin resultados"
                data-autofocus
                {...form.getInputProps("family_id")}
                error={error("family_id") ?? (families.status === "error" ? "No se pudieron cargar las familias" : undefined)}
              />
              <TextInput label="Nombre" required maxLength={120} {...form.getInputProps("name")} />
              <TextInput label="Título" maxLength={120} {...form.getInputProps("title")} />
              <TextInput label="Subtítulo" maxLength={200} {...form.getInputProps("subTitle")} />
              <TextInput label="Alianza" description="Nombre con que lo vende la alianza" maxLength={120} {...form.getInputProps("alias")} />
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
              {money("cost", "Costo")}
              {money("minInsuredCompanyPrice", "Precio mínimo empresa por asegurado")}
              {money("dynamiccharge", "Costo por carga")}
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
                label="Día de pago"
                description="Del 1 al 31"
                required
                min={1}
                max={31}
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps("dueDay")}
              />
              <NumberInput
                label="Cargas permitidas"
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
            <Textarea label="Descripción" rows={2} resize="vertical" maxLength={2000} {...form.getInputProps("description")} />
            <Textarea label="Descripción promocional" rows={2} resize="vertical" maxLength={2000} {...form.getInputProps("promotional")} />
            <Textarea label="Ámbito territorial" rows={2} resize="vertical" maxLength={500} {...form.getInputProps("territorialScope")} />
            <Textarea label="Condiciones de contratación" rows={3} resize="vertical" maxLength={4000} {...form.getInputProps("hiringConditions")} />
          </Stack>
        </Fieldset>

        <Fieldset legend="Servicios y coberturas">
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

        <FormActions canSubmit={canSubmit} saving={saving} onClose={onClose} />
      </Stack>
    </form>
  )
}
