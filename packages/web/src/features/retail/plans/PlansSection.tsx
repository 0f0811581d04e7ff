import { Alert, Button, EmptyState, Group, Skeleton, Stack, Table, Text, VisuallyHidden } from "@mantine/core"
import { type Call, currencyLabel, formatAmount, planActors, planList, type PlanRow, type ProductPlanInput, type RetailProduct } from "@palma/core"
import { useState } from "react"
import { Link } from "react-router"
import { ConfirmDelete, useResourceController, useTask } from "../../../kit"
import { ContractDialog } from "./ContractDialog"
import { changePricesOf, PlanDialog } from "./PlanDialog"
import { useProducts } from "./useProducts"

type Dialog = { readonly kind: "prices"; readonly plan: PlanRow | null } | { readonly kind: "remove"; readonly plan: PlanRow }

const done = { created: "Plan agregado", updated: "Precios actualizados", deleted: "Plan quitado" } as const

const Prices = ({ plan }: { readonly plan: PlanRow }) => (
  <>
    <Table.Td ta="right">{formatAmount(plan.customerPrice)}</Table.Td>
    <Table.Td ta="right">{formatAmount(plan.companyPrice)}</Table.Td>
    <Table.Td ta="right">{formatAmount(plan.yearlyPrice)}</Table.Td>
  </>
)

/**
 * The plans a retail sells, each a product with the retail's prices in the product's currency:
 * add one, change its prices, remove it (after confirming) or read its contract.
 */
export const PlansSection = ({
  call,
  retailId,
  plans
}: {
  readonly call: Call
  readonly retailId: string
  /** The retail's products (its plans) as its page read them: the first listing needs no call of its own. */
  readonly plans: ReadonlyArray<RetailProduct>
}) => {
  const [actors] = useState(() => planActors(call, retailId))
  // The page's retail came with its products: the section opens with them, and reads them again after a write.
  const [listed] = useState(() => planList(plans))
  const controller = useResourceController<PlanRow, ProductPlanInput, Dialog>({ resource: "plan", actors, listed, done })
  const { status, context, dialog } = controller
  const [contract, setContract] = useState<PlanRow | null>(null)

  const adding = controller.opened((d) => d.kind === "prices" && d.plan === null)
  const { products, failure: productsFailure } = useProducts(adding)
  const sold = new Set(context.items.map((p) => p.product_id))
  const repriced = dialog?.kind === "prices" ? dialog.plan : null
  const removing = dialog?.kind === "remove" ? dialog.plan : null
  /**
   * A plan is read before a dialog shows it: the dialog starts from the stored prices, and the
   * list's machine keeps the plan's version, so repricing or removing it over someone else's change
   * is refused (412). If it cannot be read, the dialog opens with the listed row and the write says why.
   */
  const opening = useTask<{ readonly kind: Dialog["kind"]; readonly plan: PlanRow }, PlanRow>(({ plan }) => controller.read(plan.id), {
    done: (latest, { kind }) => controller.show({ kind, plan: latest }),
    failed: (_, listed) => controller.show(listed)
  })
  const showLatest = (plan: PlanRow, kind: Dialog["kind"]) => opening.run({ kind, plan })

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Cada plan es un producto con los precios de este canal, en la moneda del producto.
        </Text>
        <Button onClick={() => controller.show({ kind: "prices", plan: null })} disabled={status === "loading" || status === "failure"}>
          Agregar plan
        </Button>
      </Group>
      {status === "failure" ? (
        <Alert color="red" title="No se pudieron cargar los planes">
          <Text size="sm" mb="sm">
            {context.failure?.message}
          </Text>
          <Button variant="light" color="red" onClick={controller.retry}>
            Reintentar
          </Button>
        </Alert>
      ) : context.loading && context.items.length === 0 ? (
        <Stack gap="xs" aria-busy="true">
          <VisuallyHidden role="status">Cargando planes…</VisuallyHidden>
          <Skeleton height={18} />
          <Skeleton height={18} />
        </Stack>
      ) : context.items.length === 0 ? (
        <EmptyState py="md" title="Sin planes" description="Este canal aún no vende planes. Agregue uno con «Agregar plan»." />
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table aria-label="Planes del canal" aria-busy={context.loading} verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Producto</Table.Th>
                <Table.Th>Moneda</Table.Th>
                <Table.Th ta="right">Precio cliente</Table.Th>
                <Table.Th ta="right">Precio empresa</Table.Th>
                <Table.Th ta="right">Precio anual</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Acciones</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {context.items.map((plan) => (
                <Table.Tr key={plan.id}>
                  <Table.Td>{plan.product_name}</Table.Td>
                  <Table.Td>{currencyLabel[plan.currency]}</Table.Td>
                  <Prices plan={plan} />
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Button variant="subtle" size="compact-sm" aria-label={changePricesOf(plan.product_name)} onClick={() => showLatest(plan, "prices")}>
                        Cambiar precios
                      </Button>
                      <Button variant="subtle" size="compact-sm" aria-label={`Ver contrato de ${plan.product_name}`} onClick={() => setContract(plan)}>
                        Ver contrato
                      </Button>
                      <Button
                        component={Link}
                        to={`/uploads-insured?retail=${retailId}&plan=${plan.id}`}
                        variant="subtle"
                        size="compact-sm"
                        aria-label={`Subir asegurados de ${plan.product_name}`}
                      >
                        Subir asegurados
                      </Button>
                      <Button
                        variant="subtle"
                        color="red"
                        size="compact-sm"
                        aria-label={`Quitar plan ${plan.product_name}`}
                        onClick={() => showLatest(plan, "remove")}
                      >
                        Quitar plan
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <PlanDialog
        opened={controller.opened((d) => d.kind === "prices")}
        plan={repriced}
        retailId={retailId}
        products={products === null ? null : products.filter((p) => !sold.has(p.id))}
        productsFailure={productsFailure}
        saving={status === "creating" || status === "updating"}
        rejection={controller.rejection}
        onSubmit={(input: ProductPlanInput) => (repriced === null ? controller.create(input) : controller.update(repriced.id, input))}
        read={controller.read}
        onClose={controller.close}
      />
      <ConfirmDelete
        opened={controller.opened((d) => d.kind === "remove")}
        name={removing?.product_name ?? ""}
        title={`¿Quitar el plan ${removing?.product_name ?? ""}?`}
        confirmLabel="Quitar plan"
        failureTitle="No se pudo quitar el plan"
        warning="El canal dejará de vender este plan. Las suscripciones y los casos ya registrados conservan su historial."
        canConfirm={removing !== null && controller.canWrite}
        deleting={status === "deleting"}
        error={controller.rejection?.message ?? null}
        onConfirm={() => removing !== null && controller.remove(removing.id)}
        onClose={controller.close}
      />
      <ContractDialog plan={contract} onClose={() => setContract(null)} />
    </Stack>
  )
}
