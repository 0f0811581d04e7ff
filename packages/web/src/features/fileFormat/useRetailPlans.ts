import type { Call, RetailWithPlans } from "@palma/core"
import { useCallback, useEffect, useState } from "react"
import { messageOf } from "../../lib/messageOf"

export type RetailPlans =
  | { readonly status: "loading" }
  | { readonly status: "ready"; readonly retails: ReadonlyArray<RetailWithPlans> }
  | { readonly status: "failure"; readonly message: string }

/** The active retails, each with the plans it sells (`GET /retail/getProductsAndRetail`). */
export const useRetailPlans = (call: Call) => {
  const [state, setState] = useState<RetailPlans>({ status: "loading" })
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    let live = true
    call((c) => c.retail.getProductsAndRetail()).then(
      (retails) => live && setState({ status: "ready", retails }),
      (error: unknown) => live && setState({ status: "failure", message: messageOf(error, "No se pudieron cargar los canales") })
    )
    return () => {
      live = false
    }
  }, [call, attempt])
  const retry = useCallback(() => {
    setState({ status: "loading" })
    setAttempt((n) => n + 1)
  }, [])
  return { state, retry }
}
