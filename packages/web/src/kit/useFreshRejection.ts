import { useCallback, useState } from "react"

/**
 * The server's last refusal, until the person edits the form: from then on it speaks of values
 * that are no longer there, so it leaves. `edited` is called on every change of the form.
 */
export const useFreshRejection = <R>(rejection: R | null) => {
  const [edits, setEdits] = useState(0)
  // The number of edits when this refusal arrived (adjusted while rendering, as React advises).
  const [arrival, setArrival] = useState({ rejection, edits })
  if (arrival.rejection !== rejection) setArrival({ rejection, edits })
  const fresh = arrival.rejection === rejection ? arrival.edits === edits : true
  const edited = useCallback(() => setEdits((n) => n + 1), [])
  return { shown: fresh ? rejection : null, edited }
}
