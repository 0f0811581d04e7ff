import { Button, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from "@mantine/core"
import { type Call, ContractorCreateInput, contractorCreateActors, contractorKey, type ContractorRef, recordMachine } from "@palma/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useState } from "react"
import { Link, useNavigate } from "react-router"
import { RejectionAlert, useSchemaForm } from "../../kit"
import { call as apiCall } from "../../lib/api"
import { notify } from "../../lib/notify"
import { contractorListPath, contractorPath, kindLabel } from "./paths"
import { CompanyFields } from "./CompanyFields"
import { contractorBodyOf, contractorKeyOf, type ContractorValues } from "./contractorValues"
import { blankPerson, personChecks, PersonFields, requiredForNew } from "./PersonFields"

const creation = recordMachine<ContractorRef, ContractorCreateInput>({
  id: "contractorNew",
  draftOf: () => null,
  edit: (draft) => draft,
  keyOf: contractorKey
})

/**
 * A new contractor, a person or a company. Its RUT (módulo 11) is looked up first: one already
 * registered opens instead of being overwritten unseen.
 */
export const ContractorNewPage = ({ call = apiCall }: { readonly call?: Call }) => {
  const navigate = useNavigate()
  const [logic] = useState(() => creation.provide({ actors: contractorCreateActors(call) }))
  const actor = useActorRef(logic, { input: { id: null } })
  const saving = useSelector(actor, (s) => s.matches("saving") || (s.matches("checking") && s.context.pending !== null))
  const rejection = useSelector(actor, (s) => s.context.rejection)

  useEffect(() => {
    const saved = actor.on("saved", ({ record }) => {
      notify.success("Contratante creado")
      void navigate(contractorPath(record.id), { replace: true })
    })
    const exists = actor.on("exists", ({ record }) => {
      notify.info(`El RUT ya es de ${record.name}: se abrió su ficha`)
      void navigate(contractorPath(record.id), { replace: true })
    })
    return () => {
      saved.unsubscribe()
      exists.unsubscribe()
    }
  }, [actor, navigate])

  const { form, submit, unshown, element } = useSchemaForm<ContractorValues, ContractorCreateInput>({
    name: "contractor-form",
    initialValues: { ...blankPerson, type: "P", legalRepresentative: "", line: "" },
    schema: ContractorCreateInput,
    bodyOf: contractorBodyOf,
    keyOf: contractorKeyOf,
    check: (values) => ({ ...personChecks(values), ...requiredForNew(values, values.type === "C") }),
    rejection,
    onSubmit: (input) => actor.send({ type: "SAVE", input })
  })
  const company = form.getValues().type === "C"

  return (
    <Stack>
      <Title order={1} size="h2">
        Nuevo contratante
      </Title>
      <Paper withBorder radius="md" p="md">
        <form ref={element} noValidate aria-label="Datos del contratante" onSubmit={submit}>
          <Stack>
            <RejectionAlert rejection={rejection} unshown={unshown} />
            <div>
              <Text size="sm" fw={500} mb={4} id="contractor-type">
                Tipo de contratante
              </Text>
              <SegmentedControl
                aria-labelledby="contractor-type"
                data={(["P", "C"] as const).map((value) => ({ value, label: kindLabel[value] }))}
                {...form.getInputProps("type")}
                key={form.key("type")}
              />
            </div>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <PersonFields
                form={form}
                rutFixed={false}
                company={company}
                onRut={(rut) => actor.send({ type: "CHECK", key: contractorKey({ type: form.getValues().type, rut }) })}
              />
              {company && <CompanyFields form={form} />}
            </SimpleGrid>
            <Group justify="flex-end">
              <Button component={Link} to={contractorListPath} variant="default">
                Volver a Contratantes
              </Button>
              <Button type="submit" loading={saving}>
                Crear contratante
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  )
}
