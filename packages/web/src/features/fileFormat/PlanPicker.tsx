import { Group, Select } from "@mantine/core"
import { type RetailWithPlans, Rut } from "@palma/core"
import { retailTexts } from "../../lib/lookups/retailTexts"

interface PlanPickerProps {
  readonly retails: ReadonlyArray<RetailWithPlans> | null
  readonly retailId: string | null
  readonly planId: string | null
  readonly onRetail: (id: string | null) => void
  readonly onPlan: (id: string | null) => void
}

/** Retail, then one of its plans. */
export const PlanPicker = ({ retails, retailId, planId, onRetail, onPlan }: PlanPickerProps) => {
  const retail = retails?.find((c) => c.id === retailId)
  const plans = retail?.plans ?? []
  return (
    <Group align="flex-start" gap="sm" grow preventGrowOverflow={false}>
      <Select
        label="Canal"
        placeholder={retails === null ? "Cargando canales…" : "Elija un canal"}
        data={(retails ?? []).map((c) => ({ value: c.id, label: `${c.name} · ${Rut.format(c.rut)}` }))}
        value={retail === undefined ? null : retailId}
        onChange={onRetail}
        searchable
        nothingFoundMessage="Sin resultados"
        allowDeselect={false}
      />
      <Select
        label="Plan"
        placeholder={retail === undefined ? retailTexts.chooseFirst : plans.length === 0 ? "Este canal no tiene planes" : "Elija un plan"}
        data={plans.map((p) => ({ value: p.id, label: p.product_name }))}
        value={plans.some((p) => p.id === planId) ? planId : null}
        onChange={onPlan}
        disabled={retail === undefined || plans.length === 0}
        searchable
        nothingFoundMessage="Sin resultados"
        allowDeselect={false}
      />
    </Group>
  )
}
