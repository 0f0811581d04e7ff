import { Alert, Stack, Text } from "@mantine/core"
import { type CaseView, chileDateOf, formatAmount, formatClp, formatDate, formatUfRate, pesosOf, refundWarnings, ufSourceNote } from "@palma/core"
import { useLookup } from "../../lib/lookups/useLookup"

/**
 * What the case's service covers and what was used in the period, beside the refund being asked;
 * a typed amount beyond it is flagged (not refused: a moderator decides, seeing it when approving
 * and paying too). `counted`: pesos of this very refund already in what was used. Coverage in UF is read
 * at the event date's UF, and a UF that is only the last known one says so.
 */
export const RefundCoverage = ({ view, amount, counted = 0 }: { readonly view: CaseView; readonly amount: string; readonly counted?: number }) => {
  const assigned = view.assistance?.assigned ?? null
  const usedWithThis = view.assistance?.used ?? { events: 0, total_amount: 0 }
  // A refund being moderated is already in what the period used: it is compared with what is left without it.
  const used = { ...usedWithThis, total_amount: Math.max(0, usedWithThis.total_amount - counted) }
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
          {ufSourceNote(uf.value.source)}
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
