import { Alert, Modal, Select, Stack } from "@mantine/core"
import type { ListedProduct } from "@palma/core"
import { useState } from "react"
import { PlanContract } from "../../components/planContract/PlanContract"
import { plansOf } from "./productPlans"

export interface ContractDialogProps {
  readonly product: ListedProduct
  readonly onClose: () => void
}

/**
 * A product's contract: the contract belongs to a plan (the product as one retail sells it), so
 * the person picks the retail's plan first (chosen already when there is only one).
 */
export const ContractDialog = ({ product, onClose }: ContractDialogProps) => {
  const plans = plansOf(product)
  const [picked, setPicked] = useState<string | null>(null)
  const only = plans.length === 1 ? (plans[0]?.value ?? null) : null
  const planId = picked ?? only
  const plan = plans.find((p) => p.value === planId)

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Contrato de ${product.name}`}
      size="xl"
      centered
      closeButtonProps={{ "aria-label": "Cerrar" }}
      styles={{ title: { fontWeight: 700 } }}
    >
      <Stack>
        {plans.length === 0 && (
          <Alert color="blue" title="El producto no tiene planes">
            El contrato se genera para un plan, el producto con el precio de un canal. Asigne un precio al producto en un canal para verlo.
          </Alert>
        )}
        {plans.length > 0 && (
          <Select
            label="Plan (canal)"
            placeholder="Elija el plan del canal…"
            data={plans.map((p) => ({ value: p.value, label: p.label }))}
            value={planId}
            onChange={setPicked}
            allowDeselect={false}
            data-autofocus
          />
        )}
        {planId !== null && <PlanContract key={planId} planId={planId} title={`Contrato ${product.name}${plan ? ` - ${plan.retail}` : ""}`} />}
      </Stack>
    </Modal>
  )
}
