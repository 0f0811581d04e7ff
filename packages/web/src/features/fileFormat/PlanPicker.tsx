import { Group, Select } from "@mantine/core"
import { type RetailWithPlans, Rut } from "@palma/core"

interface PlanPickerProps {
  readonly channels: ReadonlyArray<RetailWithPlans> | null
  readonly channelId: string | null
  readonly planId: string | null
  readonly onChannel: (id: string | null) => void
  readonly onPlan: (id: string | null) => void
}

/** Channel, then one of its plans. */
export const PlanPicker = ({ channels, channelId, planId, onChannel, onPlan }: PlanPickerProps) => {
  const channel = channels?.find((c) => c.id === channelId)
  const plans = channel?.plans ?? []
  return (
    <Group align="flex-start" gap="sm" grow preventGrowOverflow={false}>
      <Select
        label="Canal"
        placeholder={channels === null ? "Cargando canales…" : "Elija un canal"}
        data={(channels ?? []).map((c) => ({ value: c.id, label: `${c.name} · ${Rut.format(c.rut)}` }))}
        value={channel === undefined ? null : channelId}
        onChange={onChannel}
        searchable
        nothingFoundMessage="Sin resultados"
        allowDeselect={false}
      />
      <Select
        label="Plan"
        placeholder={channel === undefined ? "Elija primero el canal" : plans.length === 0 ? "Este canal no tiene planes" : "Elija un plan"}
        data={plans.map((p) => ({ value: p.id, label: p.product_name }))}
        value={plans.some((p) => p.id === planId) ? planId : null}
        onChange={onPlan}
        disabled={channel === undefined || plans.length === 0}
        searchable
        nothingFoundMessage="Sin resultados"
        allowDeselect={false}
      />
    </Group>
  )
}
