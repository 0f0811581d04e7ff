import { formatAmount, frequencyLabel, type ListedProduct, type Product, ProductInput } from "@palma/core"
import { listedActors, type ResourceConfig, ResourcePage } from "../../kit"
import { call as apiCall } from "../../lib/api"
import { ContractButton } from "./ContractButton"
import { currencyCode } from "./labels"
import { ProductForm } from "./ProductForm"

/** A written product as the list holds it until it reloads (after every write), plans and all. */
const listed = (product: Product): ListedProduct => ({ ...product, product_plans: [] })

/**
 * Productos. The contract lists them whole (`getAll`, with their retails' plans), so the list
 * searches, filters and pages them here; amounts show as es-CL writes them ("$12.345", "UF 1,25").
 */
export const productResource: ResourceConfig<ListedProduct, ProductInput> = {
  name: "product",
  actors: (call) =>
    listedActors<ListedProduct, ProductInput>(
      {
        all: () => call((c) => c.product.getAll()),
        create: (payload) => call((c) => c.product.create({ payload })).then(listed),
        update: (id, payload) => call((c) => c.product.update({ path: { id }, payload })).then(listed),
        remove: (id) => call((c) => c.product.delete({ path: { id } })).then(listed)
      },
      { searchIn: (p) => [p.name, p.family_name, p.title], familyOf: (p) => p.family_id }
    ),
  title: "Productos",
  noun: { singular: "producto", gender: "m" },
  input: ProductInput,
  columns: [
    { key: "name", label: "Nombre", sortable: true },
    { key: "family_name", label: "Familia", sortable: true },
    { key: "currency", label: "Moneda", sortable: true, render: (p) => currencyCode[p.currency] },
    { key: "cost", label: "Costo", numeric: true, render: (p) => formatAmount(p.cost) },
    { key: "minInsuredCompanyPrice", label: "Precio mín. empresa", numeric: true, render: (p) => formatAmount(p.minInsuredCompanyPrice) },
    { key: "frequency", label: "Frecuencia", sortable: true, render: (p) => frequencyLabel[p.frequency] },
    { key: "term", label: "Plazo", sortable: true, numeric: true, render: (p) => `${p.term} meses` },
    { key: "assistances", label: "Servicios", sortable: true, numeric: true, render: (p) => String(p.assistances.length) }
  ],
  fields: [],
  defaultSort: "name",
  familyFilter: true,
  form: ProductForm,
  rowActions: (product) => <ContractButton product={product} call={apiCall} />
}

export const ProductPage = () => <ResourcePage config={productResource} />
