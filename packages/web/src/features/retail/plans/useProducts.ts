import type { Product } from "@palma/core"
import { useLookup } from "../../../lib/lookups/useLookup"

/** The active products, from the session's shared list, asked for once `wanted` (the Agregar plan dialog opens). */
export const useProducts = (wanted: boolean) => {
  const { status, value, failure } = useLookup("products", "", wanted)
  const products: ReadonlyArray<Product> | null = value === null ? null : value.filter((p) => p.isActive)
  return { products, failure: status === "error" ? (failure?.message ?? "No se pudieron cargar los productos") : null }
}
