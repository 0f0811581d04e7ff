import { Badge } from "@mantine/core"
import { inForce } from "@palma/core"

/** Today as "YYYY-MM-DD" in the operator's own time zone. */
export const today = (): string => {
  const now = new Date()
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`
}

/** «Vigente» or «Vencida» (or «Por iniciar»), read from the policy's period. */
export const PolicyStatus = ({ period }: { readonly period: { readonly startDate: string; readonly endDate: string } }) => {
  const day = today()
  return inForce(period, day) ? (
    <Badge color="teal" variant="light">
      Vigente
    </Badge>
  ) : period.startDate > day ? (
    <Badge color="blue" variant="light">
      Por iniciar
    </Badge>
  ) : (
    <Badge color="gray" variant="light">
      Vencida
    </Badge>
  )
}
