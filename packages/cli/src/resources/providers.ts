import { type Call, type ListResult, type PartnerDetail, type ProviderPageQuery, type SpecialistPageItem, fullName } from "@palma/core"
import { fromPromise } from "xstate"
import type { Column } from "../output/cells.js"
import { type Resource, defineResource } from "./resource.js"

/** The filters of the provider lists, as `palma list` collects them (already checked). */
export type ProviderFilters = Pick<ProviderPageQuery, "search" | "specialty_id" | "district" | "remote" | "active">

/** The server's page size limit: the CLI lists everything, a page at a time. */
const PAGE_SIZE = 200

/** Every page of a paged list, in order. */
const everyPage = async <A>(fetchPage: (page: number) => Promise<{ readonly items: ReadonlyArray<A>; readonly total: number }>): Promise<ListResult<A>> => {
  const items: Array<A> = []
  for (let page = 1; ; page++) {
    const result = await fetchPage(page)
    items.push(...result.items)
    if (result.items.length === 0 || items.length >= result.total) return { items, total: result.total }
  }
}

const specialtyNames = (row: { readonly specialties: ReadonlyArray<{ readonly name: string }> }) => row.specialties.map((s) => s.name).join(", ")

const specialistColumns: ReadonlyArray<Column<SpecialistPageItem>> = [
  { header: "ID", kind: "text", value: (row) => row.id },
  { header: "RUT", kind: "rut", value: (row) => row.rut },
  { header: "Nombre", kind: "text", value: fullName },
  { header: "Especialidades", kind: "text", value: specialtyNames },
  { header: "Comuna", kind: "text", value: (row) => row.district },
  { header: "Comunas atendidas", kind: "number", value: (row) => row.districtCount },
  { header: "Remoto", kind: "boolean", value: (row) => row.isRemote },
  { header: "Teléfono", kind: "text", value: (row) => row.phone },
  { header: "Correo", kind: "text", value: (row) => row.email },
  { header: "Activo", kind: "boolean", value: (row) => row.isActive }
]

const partnerColumns: ReadonlyArray<Column<PartnerDetail>> = [
  { header: "ID", kind: "text", value: (row) => row.id },
  { header: "RUT", kind: "rut", value: (row) => row.rut },
  { header: "Nombre", kind: "text", value: (row) => row.name },
  { header: "Representante legal", kind: "text", value: (row) => row.legalrepresentative },
  { header: "Giro", kind: "text", value: (row) => row.line },
  { header: "Especialidades", kind: "text", value: specialtyNames },
  { header: "Comuna", kind: "text", value: (row) => row.district },
  { header: "Teléfono", kind: "text", value: (row) => row.phone },
  { header: "Correo", kind: "text", value: (row) => row.email },
  { header: "Activo", kind: "boolean", value: (row) => row.isActive }
]

/** Specialists, through Palma's paged list with the filters given. */
export const specialist: Resource = defineResource<SpecialistPageItem>({
  name: "specialist",
  familyScoped: false,
  filters: ["search", "specialty_id", "district", "remote", "active"],
  columns: specialistColumns,
  actors: (call: Call, query) => ({
    list: fromPromise(() => everyPage((page) => call((client) => client.specialist.page({ urlParams: { ...query.providers, page, pageSize: PAGE_SIZE } }))))
  })
})

/** Partners, likewise (they have no comunas served and no remote work). */
export const partner: Resource = defineResource<PartnerDetail>({
  name: "partner",
  familyScoped: false,
  filters: ["search", "specialty_id", "active"],
  columns: partnerColumns,
  actors: (call: Call, query) => ({
    list: fromPromise(() => everyPage((page) => call((client) => client.partner.page({ urlParams: { ...query.providers, page, pageSize: PAGE_SIZE } }))))
  })
})
