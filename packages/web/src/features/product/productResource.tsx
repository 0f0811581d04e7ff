import { formatAmount, frequencyLabel, type ListedProduct, ProductInput, productActors } from "@palma/core"
import { type ResourceConfig, ResourcePage } from "../../kit"
import { familyPicker } from "../../lib/lookups/pickers"
import { ContractButton } from "./ContractButton"
import { currencyCode } from "./labels"
import { ProductForm } from "./ProductForm"

/**
 * Productos, paged, sorted and searched on the server (`GET /product/page`, with their retails'
 * plans); amounts show as es-CL writes them ("$12.345", "UF 1,25").
 */
export const productResource: ResourceConfig<ListedProduct, ProductInput> = {
  name: "product",
  actors: productActors,
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
  familyFilter: familyPicker,
  form: ProductForm,
  rowActions: (product) => <ContractButton product={product} />
}

export const ProductPage = () => <ResourcePage config={productResource} />
