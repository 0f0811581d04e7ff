import { ActionIcon, Button, Group, Text, VisuallyHidden } from "@mantine/core"
import type { Dispatch, ReactNode } from "react"
import { canGoNext, canGoPrevious, canZoomIn, canZoomOut, currentScale, formatZoom, type ViewerAction, type ViewerState } from "./viewerState"

const Icon = ({ children }: { children: ReactNode }) => (
  <svg
    aria-hidden="true"
    width="18"
    height="18"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    {children}
  </svg>
)

const ToolButton = ({ label, disabled, onClick, children }: { label: string; disabled: boolean; onClick: () => void; children: ReactNode }) => (
  <ActionIcon variant="default" size="lg" aria-label={label} title={label} disabled={disabled} onClick={onClick}>
    {children}
  </ActionIcon>
)

export interface PdfToolbarProps {
  readonly state: ViewerState
  readonly dispatch: Dispatch<ViewerAction>
  /** The file's address for "Descargar"; the link is left out while there is none. */
  readonly downloadHref: string | null
  readonly fileName: string
}

/**
 * Page navigation, zoom and download. Every control has a Spanish accessible name. Navigation and zoom
 * wait for the document; the download does not (a file the viewer cannot show may still open elsewhere).
 */
export const PdfToolbar = ({ state, dispatch, downloadHref, fileName }: PdfToolbarProps) => {
  const loaded = state.numPages !== null
  return (
    <Group role="group" aria-label="Controles del documento" justify="space-between" gap="xs" wrap="wrap">
      <Group gap="xs" wrap="nowrap">
        <ToolButton label="Página anterior" disabled={!canGoPrevious(state)} onClick={() => dispatch({ type: "previous" })}>
          <Icon>
            <path d="m15 6-6 6 6 6" />
          </Icon>
        </ToolButton>
        <Text size="sm" aria-live="polite" miw="7rem" ta="center">
          Página {state.page} de {state.numPages ?? "…"}
        </Text>
        <ToolButton label="Página siguiente" disabled={!canGoNext(state)} onClick={() => dispatch({ type: "next" })}>
          <Icon>
            <path d="m9 6 6 6-6 6" />
          </Icon>
        </ToolButton>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <ToolButton label="Alejar" disabled={!loaded || !canZoomOut(state)} onClick={() => dispatch({ type: "zoomOut" })}>
          <Icon>
            <path d="M5 12h14" />
          </Icon>
        </ToolButton>
        <Text size="sm" aria-live="polite" miw="3.5rem" ta="center">
          <VisuallyHidden>Zoom: </VisuallyHidden>
          {formatZoom(currentScale(state))}
        </Text>
        <ToolButton label="Acercar" disabled={!loaded || !canZoomIn(state)} onClick={() => dispatch({ type: "zoomIn" })}>
          <Icon>
            <path d="M5 12h14M12 5v14" />
          </Icon>
        </ToolButton>
        <Button
          variant={state.zoom.kind === "fitWidth" ? "light" : "default"}
          size="sm"
          disabled={!loaded}
          aria-pressed={state.zoom.kind === "fitWidth"}
          onClick={() => dispatch({ type: "fitWidth" })}
        >
          Ajustar al ancho
        </Button>
      </Group>
      {downloadHref !== null && (
        <Button
          component="a"
          href={downloadHref}
          download={fileName}
          variant="default"
          size="sm"
          leftSection={
            <Icon>
              <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
            </Icon>
          }
        >
          Descargar
        </Button>
      )}
    </Group>
  )
}
