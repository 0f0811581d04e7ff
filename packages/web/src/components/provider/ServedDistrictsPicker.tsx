import { Badge, Box, Button, Checkbox, Fieldset, Group, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from "@mantine/core"
import { listLoadFailed } from "@palma/core"
import { RetryAlert } from "../RetryAlert"
import { type ReactNode, useId, useMemo, useState } from "react"
import { useDistricts } from "../../lib/lookups/useDistricts"
import { cut } from "../district/districtOptions"
import { folded } from "../foldedFilter"
import { type RegionGroup, regionsOf, toggleRegion } from "./regions"

const nf = new Intl.NumberFormat("es-CL")

export interface ServedDistrictsPickerProps {
  /** The comunas chosen, as CUT codes. */
  readonly value: ReadonlyArray<string>
  readonly onChange: (codes: string[]) => void
  readonly error?: ReactNode
}

/**
 * The comunas a specialist serves, over Chile's 346 grouped by region (north to south). Each
 * region opens to its comunas and has a "Toda la región" box that chooses or clears all of them
 * at once; a search (accents ignored) shows the matching comunas of every region.
 */
export const ServedDistrictsPicker = ({ value, onChange, error }: ServedDistrictsPickerProps) => {
  const { districts, loading, error: failure, retry } = useDistricts()
  const regions = useMemo(() => regionsOf(districts), [districts])
  const selected = useMemo(() => value.map(cut), [value])
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set())
  const [search, setSearch] = useState("")
  const term = folded(search.trim())

  const shown = useMemo(
    () =>
      term === ""
        ? regions
        : regions.flatMap((region) => {
            const matching = region.districts.filter((d) => folded(d.name).includes(term))
            return matching.length === 0 ? [] : [{ ...region, districts: matching }]
          }),
    [regions, term]
  )

  const toggle = (code: string) => onChange(selected.includes(code) ? selected.filter((c) => c !== code) : [...selected, code])
  const expand = (id: string) => setOpen((current) => new Set(current.has(id) ? [...current].filter((r) => r !== id) : [...current, id]))

  return (
    <Fieldset legend="Comunas que atiende" variant="filled">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Text size="sm" role="status">
            {selected.length === 0 ? "Ninguna comuna elegida" : selected.length === 1 ? "1 comuna elegida" : `${nf.format(selected.length)} comunas elegidas`}
          </Text>
          <Group gap="xs">
            <TextInput
              type="search"
              size="xs"
              aria-label="Buscar comuna"
              placeholder="Buscar comuna…"
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              maxLength={80}
            />
            <Button variant="subtle" size="compact-sm" color="red" disabled={selected.length === 0} onClick={() => onChange([])}>
              Quitar todas
            </Button>
          </Group>
        </Group>
        {error && (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        )}
        {failure !== null ? (
          <RetryAlert title={listLoadFailed("comunas")} message={null} onRetry={retry} compact />
        ) : loading ? (
          <Text size="sm" c="dimmed" role="status">
            Cargando comunas…
          </Text>
        ) : shown.length === 0 ? (
          <Text size="sm" c="dimmed">
            Ninguna comuna coincide con «{search.trim()}».
          </Text>
        ) : (
          <Stack gap={4}>
            {shown.map((region) => (
              <RegionRow
                key={region.id}
                region={region}
                whole={regions.find((r) => r.id === region.id) ?? region}
                selected={selected}
                expanded={term !== "" || open.has(region.id)}
                onExpand={() => expand(region.id)}
                onRegion={(whole) => onChange(toggleRegion(selected, whole))}
                onDistrict={toggle}
              />
            ))}
          </Stack>
        )}
      </Stack>
    </Fieldset>
  )
}

interface RegionRowProps {
  /** The region's comunas shown (those matching the search). */
  readonly region: RegionGroup
  /** The whole region, for the shortcut and the count. */
  readonly whole: RegionGroup
  readonly selected: ReadonlyArray<string>
  readonly expanded: boolean
  readonly onExpand: () => void
  readonly onRegion: (whole: RegionGroup) => void
  readonly onDistrict: (code: string) => void
}

const RegionRow = ({ region, whole, selected, expanded, onExpand, onRegion, onDistrict }: RegionRowProps) => {
  const panel = useId()
  const chosen = whole.districts.filter((d) => selected.includes(d.code)).length
  const all = chosen === whole.districts.length
  return (
    <Box style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }} pb={4}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <UnstyledButton onClick={onExpand} aria-expanded={expanded} aria-controls={expanded ? panel : undefined} py={4} style={{ flex: 1 }}>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" aria-hidden="true" w="1em">
              {expanded ? "▾" : "▸"}
            </Text>
            <Text size="sm" fw={600}>
              {whole.name}
            </Text>
            <Badge size="sm" tt="none" variant={chosen > 0 ? "light" : "outline"} color={chosen > 0 ? "teal" : "gray"}>
              {`${nf.format(chosen)} de ${nf.format(whole.districts.length)}`}
            </Badge>
          </Group>
        </UnstyledButton>
        <Checkbox
          size="xs"
          label="Toda la región"
          aria-label={`Toda la región: ${whole.name}`}
          checked={all}
          indeterminate={chosen > 0 && !all}
          onChange={() => onRegion(whole)}
        />
      </Group>
      {expanded && (
        <SimpleGrid
          id={panel}
          cols={{ base: 1, xs: 2, md: 3 }}
          spacing={4}
          verticalSpacing={4}
          pl="lg"
          py={4}
          role="group"
          aria-label={`Comunas de ${whole.name}`}
        >
          {region.districts.map((d) => (
            <Checkbox key={d.code} size="xs" label={d.name} checked={selected.includes(d.code)} onChange={() => onDistrict(d.code)} />
          ))}
        </SimpleGrid>
      )}
    </Box>
  )
}
