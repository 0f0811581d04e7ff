import type { Call, RetailWithPlans } from "@palma/core"
import { useCallback, useEffect, useState } from "react"
import { messageOf } from "../../lib/messageOf"

export type ChannelPlans =
  | { readonly status: "loading" }
  | { readonly status: "ready"; readonly channels: ReadonlyArray<RetailWithPlans> }
  | { readonly status: "failure"; readonly message: string }

/** The active channels, each with the plans it sells (`GET /retail/getProductsAndRetail`). */
export const useChannelPlans = (call: Call) => {
  const [state, setState] = useState<ChannelPlans>({ status: "loading" })
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    let live = true
    call((c) => c.retail.getProductsAndRetail()).then(
      (channels) => live && setState({ status: "ready", channels }),
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
