import { Box, Button, EmptyState, Group, NativeSelect, Paper, Skeleton, Table, Text, TextInput, UnstyledButton, VisuallyHidden } from "@mantine/core"
import { listLoadFailed } from "@palma/core"
import { RetryAlert } from "../components/RetryAlert"
import { useDebouncedCallback } from "@mantine/hooks"
import { lazy, Suspense, useEffect, useRef, useState } from "react"
import { PageFooter } from "./PageFooter"
import { EditIcon, EmptyIcon, PlusIcon, SearchIcon, SortIcon, TrashIcon } from "./icons"
import { isFiltered, type ListQuery, pageSizes } from "./query"
import type { ResourceConfig } from "./types"

// Its searchable dropdown (Mantine's Select and the popover beneath it) loads only on lists that filter by family.
const FamilyFilter = lazy(async () => ({ default: (await import("./FamilyFilter")).FamilyFilter }))
const familyFilterStyle = { flex: "0 1 14rem" }

export interface ResourceListProps<A extends { readonly id: string }, I> {
  readonly config: ResourceConfig<A, I>
  readonly query: ListQuery
  readonly onQuery: (patch: Partial<ListQuery>, options?: { readonly replace?: boolean }) => void
  /** The list failed to load: its message. */
  readonly failure: string | null
  readonly loading: boolean
  readonly items: ReadonlyArray<A>
  readonly total: number
  readonly canRetry: boolean
  readonly onRetry: () => void
  readonly onCreate: () => void
  readonly onEdit: (item: A) => void
  readonly onDelete: (item: A) => void
  readonly nameOf: (item: A) => string
}

const SEARCH_DELAY_MS = 300
const skeletonRows = 5

/** A server-side list: search, filters, sortable headers and pagination, all kept in the URL. */
export const ResourceList = <A extends { readonly id: string }, I>(props: ResourceListProps<A, I>) => {
  const { config, query, onQuery, failure, loading, items, total } = props

  return (
    <Paper withBorder radius="md">
      <Toolbar {...props} />
      {failure !== null ? (
        <Box p="md">
          <RetryAlert title={listLoadFailed()} message={failure} onRetry={props.onRetry} retryDisabled={!props.canRetry} />
        </Box>
      ) : loading && items.length === 0 ? (
        <LoadingTable config={config} />
      ) : items.length === 0 ? (
        <EmptyState
          py="xl"
          icon={<EmptyIcon />}
          withIndicatorBackground
          title="No hay registros"
          description={isFiltered(query) ? "Ningún registro coincide con la búsqueda o el filtro." : `Aún no hay ${config.title.toLowerCase()}.`}
        >
          <EmptyState.Actions>
            {isFiltered(query) && (
              <Button variant="default" onClick={() => onQuery({ search: "", family: null, filters: {}, page: 1 })}>
                Limpiar filtros
              </Button>
            )}
            <Button leftSection={<PlusIcon />} onClick={props.onCreate}>
              {`Crear ${config.noun.singular}`}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      ) : (
        <>
          <Table.ScrollContainer minWidth={480}>
            <Table
              aria-label={config.title}
              aria-busy={loading}
              highlightOnHover
              verticalSpacing="sm"
              style={{ opacity: loading ? 0.6 : 1, transition: "opacity 150ms" }}
            >
              <Header config={config} query={query} onQuery={onQuery} />
              <Table.Tbody>
                {items.map((item) => (
                  <Table.Tr key={item.id}>
                    {config.columns.map((column) => (
                      <Table.Td key={column.key} ta={column.numeric ? "right" : undefined}>
                        {column.render ? column.render(item) : String(item[column.key] ?? "")}
                      </Table.Td>
                    ))}
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        {config.rowActions?.(item)}
                        <Button
                          variant="subtle"
                          size="compact-sm"
                          leftSection={<EditIcon />}
                          aria-label={`Editar ${props.nameOf(item)}`}
                          onClick={() => props.onEdit(item)}
                        >
                          Editar
                        </Button>
                        <Button
                          variant="subtle"
                          color="red"
                          size="compact-sm"
                          leftSection={<TrashIcon />}
                          aria-label={`Eliminar ${props.nameOf(item)}`}
                          onClick={() => props.onDelete(item)}
                        >
                          Eliminar
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <PageFooter loading={loading} page={query.page} pageSize={query.pageSize} shown={items.length} total={total} onPage={(page) => onQuery({ page })}>
            <Group gap="xs">
              <Text size="sm" component="label" htmlFor={`${config.name}-page-size`}>
                Filas por página
              </Text>
              <NativeSelect
                id={`${config.name}-page-size`}
                size="xs"
                data={pageSizes.map(String)}
                value={String(query.pageSize)}
                onChange={(e) => onQuery({ pageSize: Number(e.currentTarget.value), page: 1 })}
              />
            </Group>
          </PageFooter>
        </>
      )}
    </Paper>
  )
}

const Toolbar = <A extends { readonly id: string }, I>({ config, query, onQuery }: ResourceListProps<A, I>) => {
  // The box shows what is typed at once; the URL (and the request) follow after a pause.
  const [text, setText] = useState(query.search)
  const pushed = useRef(query.search)
  const push = useDebouncedCallback((search: string) => {
    pushed.current = search.trim()
    onQuery({ search, page: 1 }, { replace: true })
  }, SEARCH_DELAY_MS)
  useEffect(() => {
    // Back, a link or "Limpiar filtros" changed the URL: the box follows.
    if (query.search !== pushed.current) {
      pushed.current = query.search
      setText(query.search)
    }
  }, [query.search])

  return (
    <Group p="sm" gap="sm" style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}>
      <TextInput
        type="search"
        aria-label="Buscar"
        placeholder="Buscar…"
        leftSection={<SearchIcon />}
        value={text}
        maxLength={100}
        onChange={(e) => {
          setText(e.currentTarget.value)
          push(e.currentTarget.value)
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter") push.flush()
        }}
        style={{ flex: "1 1 16rem", maxWidth: "28rem" }}
      />
      {config.familyFilter !== undefined && (
        <Suspense fallback={<TextInput aria-label="Filtrar por familia" placeholder={config.familyFilter.texts.loading} disabled style={familyFilterStyle} />}>
          <FamilyFilter picker={config.familyFilter} value={query.family} onChange={(family) => onQuery({ family, page: 1 })} style={familyFilterStyle} />
        </Suspense>
      )}
      {config.filters?.map(({ key, Control }) => (
        <Control
          key={key}
          value={query.filters[key] ?? null}
          onChange={(value) => {
            const { [key]: _previous, ...others } = query.filters
            onQuery({ filters: value === null || value === "" ? others : { ...others, [key]: value }, page: 1 })
          }}
        />
      ))}
    </Group>
  )
}

const Header = <A extends { readonly id: string }, I>({ config, query, onQuery }: Pick<ResourceListProps<A, I>, "config" | "query" | "onQuery">) => (
  <Table.Thead>
    <Table.Tr>
      {config.columns.map((column) => {
        const direction = query.sort === column.key ? query.order : null
        return (
          <Table.Th
            key={column.key}
            aria-sort={direction === null ? undefined : direction === "asc" ? "ascending" : "descending"}
            ta={column.numeric ? "right" : undefined}
          >
            {column.sortable === true ? (
              <UnstyledButton
                fw={700}
                fz="sm"
                onClick={() => onQuery({ sort: column.key, order: direction === "asc" ? "desc" : "asc", page: 1 })}
                style={{ display: "inline-flex", alignItems: "center", gap: 4 }}
              >
                {column.label}
                <SortIcon direction={direction} />
              </UnstyledButton>
            ) : (
              column.label
            )}
          </Table.Th>
        )
      })}
      <Table.Th ta="right">
        <VisuallyHidden>Acciones</VisuallyHidden>
      </Table.Th>
    </Table.Tr>
  </Table.Thead>
)

const LoadingTable = <A extends { readonly id: string }, I>({ config }: { readonly config: ResourceConfig<A, I> }) => (
  <Box aria-busy="true">
    <VisuallyHidden role="status">Cargando registros…</VisuallyHidden>
    <Table aria-hidden="true" verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          {config.columns.map((column) => (
            <Table.Th key={column.key}>{column.label}</Table.Th>
          ))}
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {Array.from({ length: skeletonRows }, (_, row) => (
          <Table.Tr key={row}>
            {config.columns.map((column) => (
              <Table.Td key={column.key}>
                <Skeleton height={14} radius="sm" width={`${60 + ((row * 13 + column.key.length * 7) % 35)}%`} />
              </Table.Td>
            ))}
            <Table.Td>
              <Skeleton height={14} radius="sm" width={96} ml="auto" />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Box>
)
