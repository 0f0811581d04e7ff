import { Group, Pagination, Text } from "@mantine/core"
import type { ReactNode } from "react"

const nf = new Intl.NumberFormat("es-CL")

const controlNames = {
  first: "Primera página",
  previous: "Página anterior",
  next: "Página siguiente",
  last: "Última página"
} as const

export interface PageFooterProps {
  readonly loading: boolean
  /** The page shown (1-based) and how many rows a page holds. */
  readonly page: number
  readonly pageSize: number
  /** Rows on this page, and in the whole list. */
  readonly shown: number
  readonly total: number
  readonly onPage: (page: number) => void
  /** More controls beside the count (the rows-per-page select). */
  readonly children?: ReactNode
}

/** The foot of a paged table: "21–40 de 1.234" and the page buttons, named for screen readers. */
export const PageFooter = ({ loading, page, pageSize, shown, total, onPage, children }: PageFooterProps) => {
  const pages = Math.max(1, Math.ceil(total / pageSize))
  const first = (page - 1) * pageSize
  return (
    <Group justify="space-between" p="sm" gap="sm" style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}>
      <Group gap="md">
        <Text size="sm" c="dimmed" role="status">
          {loading ? "Cargando…" : `${nf.format(first + 1)}–${nf.format(first + shown)} de ${nf.format(total)}`}
        </Text>
        {children}
      </Group>
      <Pagination
        size="sm"
        total={pages}
        value={Math.min(page, pages)}
        onChange={onPage}
        hideWithOnePage
        withEdges
        getControlProps={(control) => ({ "aria-label": controlNames[control] })}
        getItemProps={(n) => ({ "aria-label": `Página ${n}`, "aria-current": n === page ? "page" : undefined })}
      />
    </Group>
  )
}
