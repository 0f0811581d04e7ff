import { Select } from "@mantine/core"

const options = [
  { value: "true", label: "Con atención remota" },
  { value: "false", label: "Solo presencial" }
]

/** The list's remote filter: those who work remotely, those who do not, or everyone. */
export const RemoteFilter = ({ value, onChange }: { readonly value: string | null; readonly onChange: (value: string | null) => void }) => (
  <Select
    aria-label="Filtrar por atención remota"
    placeholder="Remota y presencial"
    data={options}
    value={value === "true" || value === "false" ? value : null}
    onChange={onChange}
    clearable
    clearButtonProps={{ "aria-label": "Quitar filtro de atención remota" }}
    style={{ flex: "0 1 13rem" }}
  />
)
