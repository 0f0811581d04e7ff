import { Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core"
import { type Currency, currencyLabel, type PlanRow, type Product, ProductPlanInput, spanishIssues } from "@palma/core"
import { Either, Schema } from "effect"
import { useState } from "react"
import { FormActions, FormDialog, RejectionAlert, StaleRecord, useDirtyForm, useFreshRejection, useStaleReload, type WriteRejection } from "../../../kit"
import { parsePrice, priceText } from "./priceText"

const priceFields = [
  { name: "customerprice", label: "Precio cliente", of: (p: PlanRow) => p.customerPrice },
  { name: "companyprice", label: "Precio empresa", of: (p: PlanRow) => p.companyPrice },
  { name: "yearlyprice", label: "Precio anual", of: (p: PlanRow) => p.yearlyPrice }
] as const
type PriceName = (typeof priceFields)[number]["name"]
type PriceTexts = Record<PriceName, string>

// fromEntries types its keys as string; priceFields names every PriceName.
const pricesOf = (plan: PlanRow | null) => Object.fromEntries(priceFields.map((f) => [f.name, plan === null ? "" : priceText(f.of(plan))])) as PriceTexts
const labels = Object.fromEntries(priceFields.map((f) => [f.name, f.label]))

const decode = Schema.decodeUnknownEither(ProductPlanInput, { errors: "all", onExcessProperty: "error" })

export interface PlanDialogProps {
  readonly opened: boolean
  /** The plan repriced; null adds one. */
  readonly plan: PlanRow | null
  readonly retailId: string
  /** Products the retail may add (active, not sold by it yet); null while they load. */
  readonly products: ReadonlyArray<Product> | null
  readonly productsFailure: string | null
  readonly saving: boolean
  readonly rejection: WriteRejection | null
  readonly onSubmit: (input: ProductPlanInput) => void
  /** The plan as stored now (after a 412). */
  readonly read: (id: string) => Promise<PlanRow>
  readonly onClose: () => void
}

/** The dialog's title for a plan's prices, and the name of the button that opens it. */
export const changePricesOf = (productName: string) => `Cambiar precios de ${productName}`

/** "Agregar plan" (a product and its three prices) or "Cambiar precios" of a plan. */
export const PlanDialog = (props: PlanDialogProps) => (
  <FormDialog opened={props.opened} onClose={props.onClose} title={props.plan === null ? "Agregar plan" : changePricesOf(props.plan.product_name)} size="lg">
    <PlanForm key={props.plan?.id ?? "new"} {...props} />
  </FormDialog>
)

const currencyHint: Record<Currency, string> = { P: "En pesos, sin decimales", U: "En UF, hasta 2 decimales" }

const PlanForm = ({ plan, retailId, products, productsFailure, saving, rejection, onSubmit, read, onClose }: PlanDialogProps) => {
  const [productId, setProductId] = useState<string | null>(plan?.product_id ?? null)
  const [initialPrices, setInitialPrices] = useState(() => pricesOf(plan))
  const [prices, setPrices] = useState(initialPrices)
  // Someone else repriced the plan first (412): Recargar puts the stored prices in, what was typed listed beside them.
  const { stale, notice } = useStaleReload<PriceTexts, PlanRow>({
    read,
    item: plan,
    rejection,
    form: { getValues: () => prices, setValues: setPrices, resetDirty: setInitialPrices },
    valuesOf: pricesOf,
    labels
  })
  const [errors, setErrors] = useState<Partial<Record<PriceName | "product", string>>>({})
  const { shown: refusal, edited } = useFreshRejection(rejection)
  useDirtyForm(productId !== (plan?.product_id ?? null) || priceFields.some((f) => prices[f.name] !== initialPrices[f.name]))

  const product = products?.find((p) => p.id === productId)
  const currency: Currency | undefined = plan?.currency ?? product?.currency

  const submit = () => {
    const found: Partial<Record<PriceName | "product", string>> = {}
    if (productId === null || currency === undefined) found.product = "Elija un producto"
    const amounts = Object.fromEntries(
      priceFields.map((f) => {
        const parsed = currency === undefined ? null : parsePrice(currency, prices[f.name])
        if (parsed !== null && !parsed.ok) found[f.name] = parsed.message
        return [f.name, parsed?.ok === true ? parsed.amount : undefined]
      })
    )
    if (Object.keys(found).length > 0) return setErrors(found)
    // The contract's schema has the last word (bounds, one currency for the three prices).
    const decoded = decode({ id: productId, agent_id: retailId, ...amounts })
    if (Either.isLeft(decoded)) {
      for (const issue of spanishIssues(decoded.left)) {
        const name = priceFields.find((f) => f.name === issue.path[0])?.name ?? "product"
        found[name] ??= issue.message
      }
      return setErrors(found)
    }
    setErrors({})
    onSubmit(decoded.right)
  }

  // The server's refusal leaves once the person edits (it speaks of values no longer there).
  const serverErrors = Object.fromEntries((refusal?.issues ?? []).map((i) => [String(i.path[0] ?? ""), i.message]))
  const unshown = refusal?.issues.filter((i) => !priceFields.some((f) => f.name === i.path[0])) ?? []

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <Stack>
        {stale || notice.typed !== null ? <StaleRecord {...notice} /> : <RejectionAlert rejection={refusal} unshown={unshown} />}
        {plan === null ? (
          <Select
            label="Producto"
            required
            data-autofocus
            data={(products ?? []).map((p) => ({ value: p.id, label: `${p.name} · ${currencyLabel[p.currency]}` }))}
            value={productId}
            onChange={(value) => {
              setProductId(value)
              edited()
              setErrors((e) => ({ ...e, product: undefined }))
            }}
            placeholder={products === null ? "Cargando productos…" : "Elija un producto"}
            searchable
            // Focused as the dialog opens: its list waits for a click or a key instead of covering the dialog's buttons.
            openOnFocus={false}
            nothingFoundMessage={products?.length === 0 ? "No quedan productos por agregar" : "Sin resultados"}
            error={errors.product ?? productsFailure ?? undefined}
            allowDeselect={false}
          />
        ) : (
          <Text size="sm">
            Producto: <strong>{plan.product_name}</strong> · {currencyLabel[plan.currency]}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {priceFields.map((f, index) => (
            <TextInput
              key={f.name}
              label={f.label}
              required
              inputMode={currency === "P" ? "numeric" : "decimal"}
              leftSection={<Text size="sm">{currency === "U" ? "UF" : "$"}</Text>}
              description={currency === undefined ? "Elija primero el producto" : currencyHint[currency]}
              disabled={currency === undefined}
              data-autofocus={plan !== null && index === 0 ? true : undefined}
              value={prices[f.name]}
              onChange={(event) => {
                const value = event.currentTarget.value
                setPrices((p) => ({ ...p, [f.name]: value }))
                edited()
                setErrors((e) => ({ ...e, [f.name]: undefined }))
              }}
              onBlur={() => {
                const parsed = currency === undefined ? null : parsePrice(currency, prices[f.name])
                if (parsed?.ok === true) setPrices((p) => ({ ...p, [f.name]: priceText(parsed.amount) }))
              }}
              error={errors[f.name] ?? serverErrors[f.name]}
            />
          ))}
        </SimpleGrid>
        <FormActions canSubmit={!saving} saving={saving} onClose={onClose} />
      </Stack>
    </form>
  )
}
