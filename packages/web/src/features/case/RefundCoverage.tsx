import { Alert, Stack, Text } from "@mantine/core"
import { type CaseView, chileDateOf, formatAmount, formatClp, formatDate, formatUfRate, pesosOf, refundWarnings } from "@palma/core"
import { useLookup } from "../../lib/lookups/useLookup"

/**
 * What the case's service covers and what was used in the period, beside the refund being asked;
 * a typed amount beyond it is flagged (not refused: a moderator decides). Coverage in UF is read
 * at the event date's UF, and a UF that is only the last known one says so.
 */
export const RefundCoverage = ({ view, amount }: { readonly view: CaseView; readonly amount: string }) => {
  const assigned = view.assistance?.assigned ?? null
  const used = view.assistance?.used ?? { events: 0, total_amount: 0 }
  const eventDate = view.event?.date ?? chileDateOf(new Date())
  const inUf = assigned?.currency === "U"
  const uf = useLookup("uf", eventDate, inUf)
  if (assigned === null) return null
  const rate = inUf ? (uf.value?.value ?? null) : null
  const pesos = pesosOf(amount)
  const warnings = pesos === null || (inUf && uf.status === "loading") ? [] : refundWarnings({ assigned, used, rate, pesos })
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        Cobertura: tope por evento {formatAmount(assigned.maximum)}, {formatAmount(assigned.amount)} en el período · usado en el período{" "}
        {formatClp(used.total_amount)} en {used.events} de {assigned.events} eventos
      </Text>
      {inUf && uf.value !== null && (
        <Text size="sm" c="dimmed">
          UF del {formatDate(uf.value.date)}: {formatUfRate(uf.value.value)}
          {uf.value.stale ? ` (último valor conocido; no se tiene el del ${formatDate(eventDate)})` : ""}
          {uf.value.source === "demo" ? " (serie de demostración)" : ""}
        </Text>
      )}
      {warnings.length > 0 && (
        <Alert color="orange" title="Sobre la cobertura" role="status">
          <Stack gap={2}>
            {warnings.map((w) => (
              <Text key={w} size="sm">
                {w}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
    </Stack>
  )
}
