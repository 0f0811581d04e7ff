import { Anchor, Text } from "@mantine/core"
import type { ProviderSpecialty } from "@palma/core"
import { Link } from "react-router"
import type { Column } from "../../kit"
import { DistrictSelect } from "../district/DistrictSelect"
import { RutText } from "../RutText"

/** The columns both provider lists have, by the wire's field names (sortable ones are the server's). */
export const providerColumns = <
  A extends {
    readonly id: string
    readonly rut: string
    readonly name: string
    readonly district: string
    readonly phone: string | null
    readonly specialties: ReadonlyArray<ProviderSpecialty>
  }
>(
  listPath: string,
  nameOf: (row: A) => string
) =>
  ({
    rut: { key: "rut", label: "RUT", sortable: true, render: (row) => <RutText rut={row.rut} /> },
    name: {
      key: "name",
      label: "Nombre",
      sortable: true,
      render: (row) => (
        <Anchor component={Link} to={`${listPath}/${row.id}`} fz="sm">
          {nameOf(row)}
        </Anchor>
      )
    },
    specialties: { key: "specialties", label: "Especialidades", render: (row) => <SpecialtyNames specialties={row.specialties} /> },
    // The server answers the comuna's name.
    district: { key: "district", label: "Comuna", sortable: true },
    phone: { key: "phone", label: "Teléfono", render: (row) => <span style={{ whiteSpace: "nowrap" }}>{row.phone ?? ""}</span> }
  }) satisfies Record<string, Column<A>>

/** The specialties of a row, by name, in the order the server gives them (by family). */
export const SpecialtyNames = ({ specialties }: { readonly specialties: ReadonlyArray<ProviderSpecialty> }) => (
  <Text size="sm" lineClamp={2} title={specialties.map((s) => s.name).join(", ")}>
    {specialties.length === 0 ? "—" : specialties.map((s) => s.name).join(", ")}
  </Text>
)

/** The list's comuna filter: one comuna of the official list, by typing. */
export const DistrictFilter = ({ value, onChange }: { readonly value: string | null; readonly onChange: (code: string | null) => void }) => (
  <DistrictSelect aria-label="Filtrar por comuna" placeholder="Todas las comunas" value={value} onChange={onChange} style={{ flex: "0 1 16rem" }} />
)
