import { Alert, Button, EmptyState, Group, Skeleton, Stack, Table, Text, VisuallyHidden } from "@mantine/core"
import { type Call, currencyLabel, formatAmount, type ProductPlanInput, resourceMachine } from "@palma/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useState } from "react"
import { ConfirmDelete, type WriteRejection } from "../../../kit"
import { notify } from "../../../lib/notify"
import { ContractDialog } from "./ContractDialog"
import { planActors } from "./planActors"
import { PlanDialog } from "./PlanDialog"
import type { PlanRow } from "./planRow"
import { useProducts } from "./useProducts"

type Dialog = { readonly kind: "prices"; readonly plan: PlanRow | null } | { readonly kind: "remove"; readonly plan: PlanRow }

const done = { created: "Plan agregado", updated: "Precios actualizados", deleted: "Plan quitado" } as const
const writing = (value: unknown) => value === "creating" || value === "updating" || value === "deleting"

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
export const PlansSection = ({ call, retailId }: { readonly call: Call; readonly retailId: string }) => {
  const [machine] = useState(() => resourceMachine<PlanRow>().provide({ actors: planActors(call, retailId) }))
  const actor = useActorRef(machine, { input: {} })
  const snapshot = useSelector(actor, (s) => s)
  const { context } = snapshot
  const status = snapshot.value as string

  const [dialog, setDialog] = useState<Dialog | null>(null)
  const [open, setOpen] = useState(false)
  const [rejection, setRejection] = useState<WriteRejection | null>(null)
  const [contract, setContract] = useState<PlanRow | null>(null)
  const show = (next: Dialog) => {
    setDialog(next)
    setRejection(null)
    setOpen(true)
  }

  useEffect(() => {
    let previous = actor.getSnapshot().value
    const subscription = actor.subscribe((next) => {
      const was = previous
      previous = next.value
      if (!writing(was) || writing(next.value)) return
      const write = next.context.lastWrite
      if (write !== null) {
        setOpen(false)
        notify.success(done[write])
      } else setRejection({ message: next.context.error ?? "No se pudo completar la operación", issues: next.context.issues })
    })
    return () => subscription.unsubscribe()
  }, [actor])

  const adding = open && dialog?.kind === "prices" && dialog.plan === null
  const { products, failure: productsFailure } = useProducts(call, adding)
  const sold = new Set(context.items.map((p) => p.product_id))
  const repriced = dialog?.kind === "prices" ? dialog.plan : null
  const removing = dialog?.kind === "remove" ? dialog.plan : null

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Cada plan es un producto con los precios de este canal, en la moneda del producto.
        </Text>
        <Button onClick={() => show({ kind: "prices", plan: null })} disabled={status === "loading" || status === "failure"}>
          Agregar plan
        </Button>
      </Group>
      {status === "failure" ? (
        <Alert color="red" title="No se pudieron cargar los planes">
          <Text size="sm" mb="sm">
            {context.error}
          </Text>
          <Button variant="light" color="red" onClick={() => actor.send({ type: "RETRY" })}>
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
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        aria-label={`Cambiar precios de ${plan.product_name}`}
                        onClick={() => show({ kind: "prices", plan })}
                      >
                        Cambiar precios
                      </Button>
                      <Button variant="subtle" size="compact-sm" aria-label={`Ver contrato de ${plan.product_name}`} onClick={() => setContract(plan)}>
                        Ver contrato
                      </Button>
                      <Button
                        variant="subtle"
                        color="red"
                        size="compact-sm"
                        aria-label={`Quitar plan ${plan.product_name}`}
                        onClick={() => show({ kind: "remove", plan })}
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
        opened={open && dialog?.kind === "prices"}
        plan={repriced}
        retailId={retailId}
        products={products === null ? null : products.filter((p) => !sold.has(p.id))}
        productsFailure={productsFailure}
        saving={status === "creating" || status === "updating"}
        rejection={rejection}
        onSubmit={(input: ProductPlanInput) => actor.send(repriced === null ? { type: "CREATE", input } : { type: "UPDATE", id: repriced.id, input })}
        onClose={() => setOpen(false)}
      />
      <ConfirmDelete
        opened={open && dialog?.kind === "remove"}
        name={removing?.product_name ?? ""}
        title={`¿Quitar el plan ${removing?.product_name ?? ""}?`}
        confirmLabel="Quitar plan"
        failureTitle="No se pudo quitar el plan"
        warning="El canal dejará de vender este plan. Las suscripciones y los casos ya registrados conservan su historial."
        canConfirm={removing !== null && snapshot.can({ type: "DELETE", id: removing.id })}
        deleting={status === "deleting"}
        error={rejection?.message ?? null}
        onConfirm={() => removing !== null && actor.send({ type: "DELETE", id: removing.id })}
        onClose={() => setOpen(false)}
      />
      <ContractDialog call={call} plan={contract} onClose={() => setContract(null)} />
    </Stack>
  )
}
