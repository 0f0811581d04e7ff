import { ActionIcon, Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core"
import { builtInViews, type Call, type CaseCriteria, type SavedView, type SavedViewInput, sameCriteria } from "@palma/core"
import { useState } from "react"
import { ConfirmDelete, useTask } from "../../kit"
import { useLookupCache } from "../../lib/lookups/LookupsProvider"
import { useLookup } from "../../lib/lookups/useLookup"
import { notify } from "../../lib/notify"

interface CaseViewsProps {
  readonly call: Call
  /** The list's criteria now: the view showing them is marked, and «Guardar vista» keeps them. */
  readonly criteria: CaseCriteria
  readonly onApply: (criteria: CaseCriteria) => void
}

/**
 * The case list's views: the ones everybody has («Mis casos abiertos», «Reembolsos pendientes»)
 * and the user's own, saved under a name (saving a name again updates it) and deleted after a
 * confirmation.
 */
export const CaseViews = ({ call, criteria, onApply }: CaseViewsProps) => {
  const saved = useLookup("savedViews")
  const lookups = useLookupCache()
  const [naming, setNaming] = useState(false)
  const [name, setName] = useState("")
  const [deleting, setDeleting] = useState<SavedView | null>(null)
  const save = useTask((input: SavedViewInput) => call((c) => c.case.saveView({ payload: input })), {
    done: (view) => {
      lookups.touched("savedView")
      setNaming(false)
      notify.success(`Vista «${view.name}» guardada`)
    }
  })
  const remove = useTask((view: SavedView) => call((c) => c.case.deleteView({ path: { id: view.id } })), {
    done: (_, view) => {
      lookups.touched("savedView")
      setDeleting(null)
      notify.success(`Vista «${view.name}» eliminada`)
    }
  })
  const filtered = Object.keys(criteria).length > 0
  const viewButton = (key: string, label: string, of: CaseCriteria) => {
    const current = sameCriteria(of, criteria)
    return (
      <Button key={key} size="xs" variant={current ? "filled" : "light"} aria-pressed={current} onClick={() => onApply(of)}>
        {label}
      </Button>
    )
  }
  return (
    <Group gap="xs" px="sm" pt="sm" role="group" aria-label="Vistas">
      <Text size="sm" c="dimmed">
        Vistas:
      </Text>
      {builtInViews.map((v) => viewButton(v.key, v.name, v.criteria))}
      {(saved.value ?? []).map((v) => (
        <Group key={v.id} gap={2} wrap="nowrap">
          {viewButton(v.id, v.name, v.criteria)}
          <ActionIcon size="sm" variant="subtle" color="gray" aria-label={`Eliminar la vista ${v.name}`} onClick={() => setDeleting(v)}>
            ×
          </ActionIcon>
        </Group>
      ))}
      {saved.status === "error" && (
        <Text size="sm" c="red">
          No se pudieron cargar sus vistas.{" "}
          <Button size="compact-xs" variant="subtle" onClick={saved.retry}>
            Reintentar
          </Button>
        </Text>
      )}
      <Button
        size="xs"
        variant="default"
        disabled={!filtered}
        title={filtered ? undefined : "Filtre la lista para guardarla como vista"}
        onClick={() => {
          setName("")
          setNaming(true)
        }}
      >
        Guardar vista…
      </Button>
      <Modal opened={naming} onClose={() => setNaming(false)} title="Guardar vista" centered closeButtonProps={{ "aria-label": "Cerrar" }}>
        <form
          onSubmit={(e) => {
            e.preventDefault()
            if (name.trim() !== "") save.run({ name: name.trim(), criteria })
          }}
        >
          <Stack>
            <TextInput
              label="Nombre de la vista"
              description="Si ya tiene una vista con este nombre, se reemplaza por estos filtros."
              maxLength={60}
              data-autofocus
              required
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={save.failure?.message}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setNaming(false)}>
                Cancelar
              </Button>
              <Button type="submit" loading={save.running} disabled={name.trim() === ""}>
                Guardar
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <ConfirmDelete
        opened={deleting !== null}
        name={`la vista «${deleting?.name ?? ""}»`}
        warning="Los casos no cambian: solo deja de estar este acceso a la lista."
        canConfirm={!remove.running}
        deleting={remove.running}
        error={remove.failure?.message ?? null}
        onConfirm={() => deleting !== null && remove.run(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Group>
  )
}
