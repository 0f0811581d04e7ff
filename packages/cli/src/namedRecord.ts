import { usageError } from "./errors.js"
import { foldName } from "./validate.js"

interface Named {
  readonly id: string
  readonly name: string
  readonly code?: string
}

/** A record named by id, code or name (tildes and case ignored); a miss lists what there is. */
export const namedRecord = <A extends Named>(wanted: string, options: ReadonlyArray<A>, what: string, flag: string): A => {
  const found = options.find((o) => o.id === wanted || (o.code !== undefined && o.code === wanted) || foldName(o.name) === foldName(wanted))
  if (found === undefined) {
    const known = options.map((o) => (o.code === undefined ? o.name : `${o.code} (${o.name})`)).join(", ")
    throw usageError(`${what} «${wanted}» en ${flag}. Use uno de: ${known || "(ninguno)"}.`)
  }
  return found
}
