/** The content codings Palma sends, in its order of preference when the client weighs them equally. */
export type Coding = "br" | "gzip"

/** Each coding an `Accept-Encoding` header names, with its weight (`q`, 1 when absent). */
const weightsOf = (header: string): ReadonlyMap<string, number> =>
  new Map(
    header
      .split(",")
      .map((part) => part.trim().split(";"))
      .filter(([name]) => name !== undefined && name.trim() !== "")
      .map(([name, ...params]) => {
        const q = params.map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param)?.[1]).find((value) => value !== undefined)
        const weight = q === undefined ? 1 : Number(q)
        return [name!.trim().toLowerCase(), Number.isFinite(weight) ? weight : 0] as const
      })
  )

/**
 * The coding to answer with, among `available` (in Palma's order of preference), for a request's
 * `Accept-Encoding` (RFC 9110 §12.5.3): the one the client weighs highest, `*` standing for any
 * coding it does not name, a weight of 0 refusing it. `undefined`: send the bytes as they are.
 */
export const preferredCoding = (header: string | undefined, available: ReadonlyArray<Coding>): Coding | undefined => {
  if (header === undefined) return undefined
  const weights = weightsOf(header)
  let best: { coding: Coding; weight: number } | undefined
  for (const coding of available) {
    const weight = weights.get(coding) ?? weights.get("*") ?? 0
    if (weight > 0 && (best === undefined || weight > best.weight)) best = { coding, weight }
  }
  return best?.coding
}
