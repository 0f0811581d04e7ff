import type { Call, Product } from "@palma/core"
import { useEffect, useState } from "react"
import { messageOf } from "../../../lib/messageOf"

/** The active products, loaded when `wanted` first becomes true (the Agregar plan dialog opens). */
export const useProducts = (call: Call, wanted: boolean) => {
  const [products, setProducts] = useState<ReadonlyArray<Product> | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [started, setStarted] = useState(false)
  useEffect(() => {
    if (wanted && !started) setStarted(true)
  }, [wanted, started])
  useEffect(() => {
    if (!started) return
    let live = true
    call((c) => c.product.getAll()).then(
      (all) => live && setProducts(all.filter((p) => p.isActive)),
      (error: unknown) => live && setFailure(messageOf(error, "No se pudieron cargar los productos"))
    )
    return () => {
      live = false
    }
  }, [call, started])
  return { products, failure }
}
