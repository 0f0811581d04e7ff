import { formatAmount, frequencyLabel, type Product, ProductInput } from "@palma/core"
import { listedActors, type ResourceConfig, ResourcePage } from "../../kit"
import { call as apiCall } from "../../lib/api"
import { ContractButton } from "./ContractButton"
import { currencyCode } from "./labels"
import { ProductForm } from "./ProductForm"

/**
 * Productos. The contract lists them whole (`getAll`), so the list searches, filters and pages
 * them here; amounts show as es-CL writes them ("$12.345", "UF 1,25").
 */
export const productResource: ResourceConfig<Product, ProductInput> = {
  name: "product",
  actors: (call) =>
    listedActors<Product, ProductInput>(
      {
        all: () => call((c) => c.product.getAll()),
        create: (payload) => call((c) => c.product.create({ payload })),
        update: (id, payload) => call((c) => c.product.update({ path: { id }, payload })),
        remove: (id) => call((c) => c.product.delete({ path: { id } }))
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
