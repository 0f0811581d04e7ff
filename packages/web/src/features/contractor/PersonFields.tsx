import { TextInput } from "@mantine/core"
import type { UseFormReturnType } from "@mantine/form"
import { formatDate, Rut, REQUIRED } from "@palma/core"
import { DistrictSelect } from "../../components/district/DistrictSelect"

/** The fields every person form has (contractor, titular, carga), as the form holds them. */
export type PersonValues = {
  rut: string
  name: string
  paternalLastName: string
  maternalLastName: string
  /** As typed, dd-MM-yyyy (es-CL). */
  birthDate: string
  address: string
  /** The comuna's CUT code. */
  district: string | null
  email: string
  phone: string
}

export const personFieldKeys = ["rut", "name", "paternalLastName", "maternalLastName", "birthDate", "address", "district", "email", "phone"] as const

export const blankPerson: PersonValues = {
  rut: "",
  name: "",
  paternalLastName: "",
  maternalLastName: "",
  birthDate: "",
  address: "",
  district: null,
  email: "",
  phone: ""
}

/** A stored person (the contract's flat texts) as form values. */
export const personValues = (p: {
  readonly rut: string
  readonly name: string
  readonly paternalLastName: string
  readonly maternalLastName: string
  readonly birthDate?: string
  readonly address: string
  readonly district_id: string | null
  readonly email: string
  readonly phone: string
}): PersonValues => ({
  rut: Rut.format(p.rut),
  name: p.name,
  paternalLastName: p.paternalLastName,
  maternalLastName: p.maternalLastName,
  birthDate: p.birthDate === undefined || p.birthDate === "" ? "" : formatDate(p.birthDate),
  address: p.address,
  district: p.district_id,
  email: p.email,
  phone: p.phone
})

interface PersonFieldsProps<V extends PersonValues> {
  readonly form: UseFormReturnType<V>
  /** A stored person's RUT is their key: shown, not edited. */
  readonly rutFixed: boolean
  /** A company has a razón social instead of a name and surnames, and no birth date. */
  readonly company?: boolean
  /** Called with the canonical RUT once a valid one is typed. */
  readonly onRut?: (rut: string) => void
}

/** RUT (formatted on leaving it), names, birth date, address, comuna, email and phone. */
export const PersonFields = <V extends PersonValues>({ form, rutFixed, company = false, onRut }: PersonFieldsProps<V>) => {
  // Mantine's form is typed by V; these keys are PersonValues' own, which V extends.
  const f = form as unknown as UseFormReturnType<PersonValues>
  const rut = f.getInputProps("rut")
  return (
    <>
      <TextInput
        {...rut}
        key={f.key("rut")}
        label="RUT"
        required
        readOnly={rutFixed}
        variant={rutFixed ? "filled" : "default"}
        data-autofocus={rutFixed ? undefined : true}
        placeholder="12.345.678-5"
        maxLength={20}
        onBlur={(event) => {
          rut.onBlur?.(event)
          const canonical = Rut.normalize(f.getValues().rut)
          if (canonical === undefined) return
          f.setFieldValue("rut", Rut.format(canonical))
          onRut?.(canonical)
        }}
      />
      <TextInput {...f.getInputProps("name")} key={f.key("name")} label={company ? "Razón social" : "Nombre"} required={!rutFixed} maxLength={120} />
      {!company && (
        <>
          <TextInput {...f.getInputProps("paternalLastName")} key={f.key("paternalLastName")} label="Apellido paterno" required={!rutFixed} maxLength={80} />
          <TextInput {...f.getInputProps("maternalLastName")} key={f.key("maternalLastName")} label="Apellido materno" maxLength={80} />
          <TextInput {...f.getInputProps("birthDate")} key={f.key("birthDate")} label="Fecha de nacimiento" placeholder="DD-MM-AAAA" maxLength={10} />
        </>
      )}
      <TextInput {...f.getInputProps("address")} key={f.key("address")} label="Dirección" maxLength={200} />
      <DistrictSelect
        {...f.getInputProps("district")}
        key={f.key("district")}
        value={f.getValues().district}
        onChange={(code) => f.setFieldValue("district", code)}
        label="Comuna"
      />
      <TextInput {...f.getInputProps("email")} key={f.key("email")} label="Correo electrónico" type="email" maxLength={254} />
      <TextInput {...f.getInputProps("phone")} key={f.key("phone")} label="Teléfono" type="tel" placeholder="+56 9 8765 4321" maxLength={24} />
    </>
  )
}

/** `REQUIRED` for a new person's name (and a person's paternal surname), before anything is sent. */
export const requiredForNew = (values: PersonValues, company = false): Record<string, string> => ({
  ...(values.name.trim() === "" ? { name: REQUIRED } : {}),
  ...(!company && values.paternalLastName.trim() === "" ? { paternalLastName: REQUIRED } : {})
})

const DAY_MONTH_YEAR = /^(\d{2})-(\d{2})-(\d{4})$/

/** A date typed dd-MM-yyyy as the contract's ISO date; blank stays blank, anything else as typed (the schema refuses it). */
export const isoDate = (text: string): string => {
  const match = DAY_MONTH_YEAR.exec(text.trim())
  return match === null ? text.trim() : `${match[3]}-${match[2]}-${match[1]}`
}

/** Checks of the person fields' own: a birth date in the shape people type it here. */
export const personChecks = (values: PersonValues): Record<string, string> =>
  values.birthDate.trim() !== "" && !DAY_MONTH_YEAR.test(values.birthDate.trim()) ? { birthDate: "Fecha inválida (use DD-MM-AAAA)" } : {}
