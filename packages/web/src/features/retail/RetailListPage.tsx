import { Anchor } from "@mantine/core"
import { type Retail, RetailInput, retailListActors } from "@palma/core"
import { Link } from "react-router"
import { RutText } from "../../components/RutText"
import { type ResourceConfig, ResourcePage } from "../../kit"
import { RetailLogo } from "./RetailLogo"
import { retailPath, retailListPath } from "./paths"

export const retailResource: ResourceConfig<Retail, RetailInput> = {
  name: "retail",
  actors: retailListActors,
  title: "Canales",
  noun: { singular: "canal", gender: "m" },
  input: RetailInput,
  columns: [
    { key: "logo", label: "Logo", render: (r) => <RetailLogo name={r.name} src={r.logo} /> },
    { key: "rut", label: "RUT", sortable: true, render: (r) => <RutText rut={r.rut} /> },
    {
      key: "name",
      label: "Nombre",
      sortable: true,
      render: (r) => (
        <Anchor component={Link} to={retailPath(r.id)} fz="sm">
          {r.name}
        </Anchor>
      )
    },
    // The server answers the comuna's name.
    { key: "district", label: "Comuna" },
    { key: "email", label: "Correo electrónico" },
    { key: "phone", label: "Teléfono" }
  ],
  // Retails are edited on their own page (data, logo and plans).
  fields: [],
  defaultSort: "name",
  pages: { create: `${retailListPath}/new`, edit: (r) => retailPath(r.id) }
}

/** Canales: the retails, paged and searched by RUT or name on the server (`GET /retail/page`). */
export const RetailListPage = () => <ResourcePage config={retailResource} />
