import { Modal } from "@mantine/core"
import type { PlanRow } from "@palma/core"
import { PlanContract } from "../../../components/planContract/PlanContract"

export const ContractDialog = ({ plan, onClose }: { readonly plan: PlanRow | null; readonly onClose: () => void }) => (
  <Modal
    opened={plan !== null}
    onClose={onClose}
    title={plan === null ? "Contrato" : `Contrato de ${plan.product_name}`}
    size="xl"
    centered
    closeButtonProps={{ "aria-label": "Cerrar" }}
    styles={{ title: { fontWeight: 700 } }}
  >
    {plan !== null && <PlanContract key={plan.id} planId={plan.id} title={`Contrato ${plan.product_name}`} />}
  </Modal>
)
