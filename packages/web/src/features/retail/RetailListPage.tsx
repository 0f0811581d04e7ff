import { Anchor } from "@mantine/core"
import { type Retail, RetailInput, Rut } from "@palma/core"
import { Link } from "react-router"
import { type ResourceConfig, ResourcePage } from "../../kit"
import { ChannelLogo } from "./ChannelLogo"
import { channelPath, channelsPath } from "./paths"
import { retailActors } from "./retailActors"

export const retailResource: ResourceConfig<Retail, RetailInput> = {
  name: "retail",
  actors: retailActors,
  title: "Canales",
  noun: { singular: "canal", gender: "m" },
  input: RetailInput,
  columns: [
    { key: "logo", label: "Logo", render: (r) => <ChannelLogo name={r.name} src={r.logo} /> },
    { key: "rut", label: "RUT", sortable: true, render: (r) => <span style={{ whiteSpace: "nowrap" }}>{Rut.format(r.rut)}</span> },
    {
      key: "name",
      label: "Nombre",
      sortable: true,
      render: (r) => (
        <Anchor component={Link} to={channelPath(r.id)} fz="sm">
          {r.name}
        </Anchor>
      )
    },
    // The server answers the comuna's name.
    { key: "district", label: "Comuna" },
    { key: "email", label: "Correo electrónico" },
    { key: "phone", label: "Teléfono" }
  ],
  // Channels are edited on their own page (data, logo and plans).
  fields: [],
  defaultSort: "name",
  pages: { create: `${channelsPath}/new`, edit: (r) => channelPath(r.id) }
}

/** Canales: the sales channels, searched by RUT or name on the server. */
export const RetailListPage = () => <ResourcePage config={retailResource} />
