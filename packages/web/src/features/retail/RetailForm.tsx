import { Button, Group, SimpleGrid, Stack, TextInput } from "@mantine/core"
import { useForm } from "@mantine/form"
import { type FieldIssue, type Retail, RetailInput, Rut, spanishIssues, staleVersionMessage } from "@palma/core"
import { Either, Schema } from "effect"
import { useEffect, useRef, useState } from "react"
import { Link } from "react-router"
import {
  emptyRequired,
  errorsAt,
  examplePlaceholder,
  LeaveGuard,
  RejectionAlert,
  StaleRecord,
  type TypedValue,
  useFreshRejection,
  type WriteRejection
} from "../../kit"
import { DistrictSelect } from "../../components/district/DistrictSelect"
import { retailListPath } from "./paths"

interface Values {
  rut: string
  name: string
  legalRepresentative: string
  line: string
  fantasyName: string
  address: string
  /** The comuna's CUT code (sent as such; the server also takes names). */
  district: string | null
  email: string
  phone: string
}

/** What the stale-record notice calls each field the person may have typed. */
const labels: Record<Exclude<keyof Values, "rut" | "district">, string> = {
  name: "Nombre",
  fantasyName: "Nombre de fantasía",
  legalRepresentative: "Representante legal",
  line: "Giro",
  address: "Dirección",
  email: "Correo electrónico",
  phone: "Teléfono"
}

const fieldNames = ["rut", "name", "fantasyName", "legalRepresentative", "line", "address", "district", "email", "phone"] as const

const valuesOf = (retail: Retail | null): Values => ({
  rut: retail === null ? "" : Rut.format(retail.rut),
  name: retail?.name ?? "",
  legalRepresentative: retail?.legalRepresentative ?? "",
  line: retail?.line ?? "",
  fantasyName: retail?.fantasyName ?? "",
  address: retail?.address ?? "",
  district: retail?.district_id ?? null,
  email: retail?.email ?? "",
  phone: retail?.phone ?? ""
})

const requiredNames: ReadonlyArray<keyof Values> = ["rut", "name"]

const decode = Schema.decodeUnknownEither(RetailInput, { errors: "all", onExcessProperty: "error" })

const shown = (key: string) => (fieldNames as ReadonlyArray<string>).includes(key)

export interface RetailFormProps {
  /** The retail edited; null creates one. */
  readonly retail: Retail | null
  readonly saving: boolean
  readonly rejection: WriteRejection | null
  /** The retail as last saved from this page: its values become the form's, with nothing unsaved. */
  readonly saved: Retail | null
  /** A new retail's RUT is complete and valid (canonical "12345678-5"). */
  readonly onRut: (rut: RetailInput["rut"]) => void
  readonly onSubmit: (input: RetailInput) => void
  /** Someone else saved first (412): read the channel again. */
  readonly onReload: () => void
  readonly reloading: boolean
}

/**
 * A retail's data. The contract's schema checks it before anything is sent (the RUT by its
 * módulo 11 check digit, with the server's Spanish messages); the RUT is shown formatted. The RUT
 * is the retail's key: fixed once the retail exists.
 */
export const RetailForm = ({ retail, saving, rejection, saved, onRut, onSubmit, onReload, reloading }: RetailFormProps) => {
  // The logo reference given on create is kept as it is; uploads go through the logo section.
  const bodyOf = (values: Values) => ({ ...values, logo: retail?.logo ?? null })
  const { shown: refusal, edited } = useFreshRejection(rejection)
  const form = useForm<Values>({
    name: "retail-form",
    mode: "controlled",
    initialValues: valuesOf(retail),
    validateInputOnBlur: ["rut", "email", "phone"],
    // An empty RUT or name is said to be required before anything about its format.
    validate: (values) => ({
      ...Either.match(decode(bodyOf(values)), { onLeft: (error) => errorsAt(spanishIssues(error), shown), onRight: () => ({}) }),
      ...emptyRequired(values, requiredNames)
    }),
    onValuesChange: edited
  })

  const { setValues, resetDirty } = form
  // Only a save resets the form: a logo upload also replaces the retail, and what is being typed stays.
  useEffect(() => {
    if (saved === null) return
    const stored = valuesOf(saved)
    setValues(stored)
    resetDirty(stored)
  }, [saved, setValues, resetDirty])

  const { setErrors } = form
  useEffect(() => {
    if (rejection !== null) setErrors(errorsAt(rejection.issues, shown))
  }, [rejection, setErrors])
  const unshown: ReadonlyArray<FieldIssue> = refusal?.issues.filter((issue) => !shown(String(issue.path[0] ?? ""))) ?? []

  // Recargar (after a 412): the form takes the channel as saved now, and what the person had
  // typed stays listed beside it to re-apply.
  const typedAtReload = useRef<Values | null>(null)
  const [typed, setTyped] = useState<ReadonlyArray<TypedValue> | null>(null)
  useEffect(() => {
    const mine = typedAtReload.current
    if (mine === null || retail === null) return
    typedAtReload.current = null
    const current = valuesOf(retail)
    form.setValues(current)
    form.resetDirty(current)
    setTyped((Object.keys(labels) as Array<keyof typeof labels>).filter((k) => mine[k] !== current[k]).map((k) => ({ label: labels[k], value: mine[k] })))
    // Only a new record from the server is news here; `form` is stable in what this uses.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [retail])
  const stale = rejection?.message === staleVersionMessage && retail !== null

  const isNew = retail === null
  const rut = form.getInputProps("rut")

  return (
    <form
      noValidate
      aria-label="Datos del canal"
      onSubmit={form.onSubmit(
        (values) => {
          const decoded = decode(bodyOf(values))
          if (Either.isRight(decoded)) {
            setTyped(null)
            onSubmit(decoded.right)
          }
        },
        (errors) => {
          const first = fieldNames.find((name) => errors[name] !== undefined)
          if (first !== undefined) form.getInputNode(first)?.focus()
        }
      )}
    >
      <Stack>
        <LeaveGuard dirty={form.isDirty()} />
        {stale || typed !== null ? (
          <StaleRecord
            message={rejection?.message ?? staleVersionMessage}
            typed={typed}
            reloading={reloading}
            onReload={() => {
              typedAtReload.current = form.getValues()
              onReload()
            }}
          />
        ) : (
          <RejectionAlert rejection={refusal} unshown={unshown} />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            {...rut}
            key={form.key("rut")}
            label="RUT"
            required
            readOnly={!isNew}
            variant={isNew ? "default" : "filled"}
            autoFocus={isNew}
            placeholder="12.345.678-5"
            styles={examplePlaceholder}
            maxLength={20}
            description={isNew ? "Si ya existe un canal con este RUT, se abrirá para editarlo." : "El RUT identifica al canal y no se puede cambiar."}
            onBlur={(event) => {
              rut.onBlur?.(event)
              const canonical = Rut.normalize(form.getValues().rut)
              if (canonical === undefined) return
              form.setFieldValue("rut", Rut.format(canonical))
              if (isNew) onRut(canonical as RetailInput["rut"])
            }}
          />
          <TextInput {...form.getInputProps("name")} key={form.key("name")} label="Nombre" required maxLength={120} />
          <TextInput {...form.getInputProps("fantasyName")} key={form.key("fantasyName")} label="Nombre de fantasía" maxLength={120} />
          <TextInput {...form.getInputProps("legalRepresentative")} key={form.key("legalRepresentative")} label="Representante legal" maxLength={120} />
          <TextInput {...form.getInputProps("line")} key={form.key("line")} label="Giro" maxLength={120} />
          <TextInput {...form.getInputProps("address")} key={form.key("address")} label="Dirección" maxLength={200} />
          <DistrictSelect
            {...form.getInputProps("district")}
            key={form.key("district")}
            value={form.getValues().district}
            onChange={(code) => form.setFieldValue("district", code)}
            label="Comuna"
          />
          <TextInput {...form.getInputProps("email")} key={form.key("email")} label="Correo electrónico" type="email" maxLength={254} />
          <TextInput
            {...form.getInputProps("phone")}
            key={form.key("phone")}
            label="Teléfono"
            type="tel"
            placeholder="+56 2 2345 6789"
            styles={examplePlaceholder}
            maxLength={24}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button component={Link} to={retailListPath} variant="default">
            Volver a Canales
          </Button>
          <Button type="submit" loading={saving}>
            {isNew ? "Crear canal" : "Guardar cambios"}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
