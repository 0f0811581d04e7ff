import "./configurePdfWorker"
import "react-pdf/dist/Page/AnnotationLayer.css"
import "react-pdf/dist/Page/TextLayer.css"
import { Alert, Box, Group, Loader, Paper, Stack, Text } from "@mantine/core"
import { useElementSize } from "@mantine/hooks"
import { type KeyboardEvent, type ReactNode, useEffect, useReducer, useState } from "react"
import { Document, Page } from "react-pdf"
import { pdfErrorMessage, type PdfFailurePhase, pdfMessages } from "./pdfMessages"
import { documentFile, type PdfSource, pdfFileName, usePdfDownloadHref } from "./pdfSource"
import { PdfToolbar } from "./PdfToolbar"
import { initialViewerState, type ViewerAction, viewerReducer } from "./viewerState"

export interface PdfViewerProps {
  readonly source: PdfSource
  /** Names the viewer for assistive technology and the downloaded file. */
  readonly title?: string
}

/** Left and right arrows turn pages; modified keys stay with the browser. */
export const keyToAction = (event: Pick<KeyboardEvent, "key" | "altKey" | "ctrlKey" | "metaKey" | "shiftKey">): ViewerAction | null => {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return null
  if (event.key === "ArrowLeft") return { type: "previous" }
  if (event.key === "ArrowRight") return { type: "next" }
  return null
}

// Read by pdf.js on every load; a constant, so react-pdf never reloads because of it.
const documentOptions = { isEvalSupported: false }

const Failure = ({ children }: { children: ReactNode }) => (
  <Alert color="red" variant="light" role="alert">
    {children}
  </Alert>
)

const Waiting = ({ children }: { children: ReactNode }) => (
  <Group role="status" gap="xs" justify="center" p="md">
    <Loader size="sm" aria-hidden="true" />
    <Text size="sm">{children}</Text>
  </Group>
)

const ViewerBody = ({ source, title }: PdfViewerProps) => {
  const file = documentFile(source)
  const downloadHref = usePdfDownloadHref(source)
  const [state, dispatch] = useReducer(viewerReducer, initialViewerState)
  // A document-level failure replaces the document; a page failure is shown with its page number.
  const [failure, setFailure] = useState<string | null>(null)
  const [pageFailure, setPageFailure] = useState<{ page: number; message: string } | null>(null)
  const [pageWidth, setPageWidth] = useState<number | null>(null)
  const { ref: pageArea, width: areaWidth } = useElementSize<HTMLDivElement>()
  const fitWidth = Math.floor(areaWidth)

  useEffect(() => {
    if (pageWidth !== null && fitWidth > 0) dispatch({ type: "measured", fitScale: fitWidth / pageWidth })
  }, [fitWidth, pageWidth])

  const fail = (phase: PdfFailurePhase) => (error: unknown) => {
    const message = pdfErrorMessage(error, phase)
    if (phase === "page" || phase === "render") setPageFailure({ page: state.page, message })
    else setFailure(message)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const action = keyToAction(event)
    if (action === null) return
    event.preventDefault()
    dispatch(action)
  }

  const fitted = state.zoom.kind === "fitWidth"
  const sizing = fitted ? { width: fitWidth > 0 ? fitWidth : undefined } : { scale: state.zoom.scale }

  return (
    <Stack component="section" aria-label={title ?? "Documento PDF"} gap="xs" onKeyDown={onKeyDown}>
      <PdfToolbar state={state} dispatch={dispatch} downloadHref={downloadHref} fileName={pdfFileName(title)} />
      <Box
        tabIndex={0}
        role="group"
        aria-label={`Página ${state.page} del documento`}
        p="sm"
        bg="gray.1"
        style={{ overflow: "auto", maxHeight: "80dvh", borderRadius: "var(--mantine-radius-md)" }}
      >
        {/* Measured for "Ajustar al ancho": the width inside the padding (and any scroll bar). */}
        <div ref={pageArea}>
          {failure !== null ? (
            <Failure>{failure}</Failure>
          ) : (
            <Document
              file={file}
              options={documentOptions}
              loading={<Waiting>{pdfMessages.loading}</Waiting>}
              noData={<Failure>{pdfMessages.noFile}</Failure>}
              error={<Failure>{pdfMessages.loadError}</Failure>}
              onLoadSuccess={(pdf) => dispatch({ type: "loaded", numPages: pdf.numPages })}
              onLoadError={fail("load")}
              onSourceError={fail("source")}
              onPassword={() => setFailure(pdfMessages.passwordProtected)}
            >
              {pageFailure?.page === state.page ? (
                <Failure>{pageFailure.message}</Failure>
              ) : (
                // Centred while narrower than the space; wider pages scroll from their left edge.
                <Paper shadow="xs" radius={0} w="fit-content" mx="auto">
                  <Page
                    pageNumber={state.page}
                    {...sizing}
                    loading={<Waiting>{pdfMessages.loadingPage}</Waiting>}
                    noData={null}
                    error={<Failure>{pdfMessages.renderError}</Failure>}
                    onLoadSuccess={(page) => setPageWidth(page.originalWidth)}
                    onLoadError={fail("page")}
                    onRenderError={fail("render")}
                  />
                </Paper>
              )}
            </Document>
          )}
        </div>
      </Box>
    </Stack>
  )
}

/**
 * A PDF from base64 or a URL: one page at a time, with page navigation (buttons, or the left and
 * right arrows while the viewer has focus), zoom, download, and pdf.js's failures in Spanish.
 */
export const PdfViewer = ({ source, title }: PdfViewerProps) => (
  // A new source starts afresh: first page, fitted, no failure.
  <ViewerBody key={documentFile(source)} source={source} title={title} />
)
