import { Box, Button, Stack, Text } from "@mantine/core"
import type { ReactNode } from "react"
import { RetryAlert } from "../components/RetryAlert"
import { PageFooter } from "./PageFooter"
import type { PagedSearch } from "./usePagedSearch"

export interface SearchResultsProps<A> {
  readonly search: PagedSearch<A>
  readonly page: number
  readonly pageSize: number
  readonly onPage: (page: number) => void
  /** What is being searched, for the loading, empty and error texts ("contratantes"). */
  readonly noun: string
  /** Shown when nothing matches: what to do next. */
  readonly emptyHint: string
  readonly onClear?: () => void
  /** The table of the page's rows. */
  readonly children: (items: ReadonlyArray<A>, loading: boolean) => ReactNode
}

/** A search's result area: loading, error with «Reintentar», nothing found, or the page's table and its footer. */
export const SearchResults = <A,>({ search, page, pageSize, onPage, noun, emptyHint, onClear, children }: SearchResultsProps<A>) => {
  const { status, result, failure, retry } = search
  const loading = status === "loading"
  if (status === "failure")
    return (
      <Box p="sm">
        <RetryAlert title={`No se pudo buscar ${noun}`} message={failure} onRetry={retry} />
      </Box>
    )
  if (result === null)
    return (
      <Text p="md" role="status">
        Buscando {noun}…
      </Text>
    )
  if (result.items.length === 0 && !loading)
    return (
      <Stack p="xl" align="center" gap="xs">
        <Text fw={600} role="status">
          No se encontraron {noun}
        </Text>
        <Text size="sm" c="dimmed">
          {emptyHint}
        </Text>
        {onClear && (
          <Button variant="default" onClick={onClear}>
            Limpiar búsqueda
          </Button>
        )}
      </Stack>
    )
  return (
    <>
      {children(result.items, loading)}
      <PageFooter loading={loading} page={page} pageSize={pageSize} shown={result.items.length} total={result.total} onPage={onPage} />
    </>
  )
}
