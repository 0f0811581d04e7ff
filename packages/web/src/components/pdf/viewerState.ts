/** The viewer's navigation and zoom, as a pure reducer (no pdf.js involved). */

/** Zoom steps offered by "Acercar" and "Alejar" (1 = the page's natural size). */
export const zoomSteps = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const
const minZoom = zoomSteps[0]
const maxZoom = zoomSteps[zoomSteps.length - 1] ?? 3
const epsilon = 0.001

export type Zoom = { readonly kind: "fitWidth" } | { readonly kind: "scale"; readonly scale: number }

export interface ViewerState {
  /** 1-based page on screen. */
  readonly page: number
  /** null until the document has loaded. */
  readonly numPages: number | null
  readonly zoom: Zoom
  /** The scale at which the page fills the available width; null until both are known. */
  readonly fitScale: number | null
}

export type ViewerAction =
  | { readonly type: "loaded"; readonly numPages: number }
  | { readonly type: "previous" }
  | { readonly type: "next" }
  | { readonly type: "goTo"; readonly page: number }
  | { readonly type: "zoomIn" }
  | { readonly type: "zoomOut" }
  | { readonly type: "fitWidth" }
  | { readonly type: "measured"; readonly fitScale: number }

export const initialViewerState: ViewerState = { page: 1, numPages: null, zoom: { kind: "fitWidth" }, fitScale: null }

/** The scale the page is drawn at right now. */
export const currentScale = (state: ViewerState): number => (state.zoom.kind === "scale" ? state.zoom.scale : (state.fitScale ?? 1))

export const canGoPrevious = (state: ViewerState): boolean => state.numPages !== null && state.page > 1
export const canGoNext = (state: ViewerState): boolean => state.numPages !== null && state.page < state.numPages
export const canZoomIn = (state: ViewerState): boolean => currentScale(state) < maxZoom - epsilon
export const canZoomOut = (state: ViewerState): boolean => currentScale(state) > minZoom + epsilon

const clampPage = (page: number, numPages: number | null) => Math.min(Math.max(1, Math.trunc(page)), numPages ?? 1)

const zoomTo = (state: ViewerState, scale: number | undefined): ViewerState => (scale === undefined ? state : { ...state, zoom: { kind: "scale", scale } })

export const viewerReducer = (state: ViewerState, action: ViewerAction): ViewerState => {
  switch (action.type) {
    case "loaded":
      return { ...state, numPages: action.numPages, page: clampPage(state.page, action.numPages) }
    case "previous":
      return canGoPrevious(state) ? { ...state, page: state.page - 1 } : state
    case "next":
      return canGoNext(state) ? { ...state, page: state.page + 1 } : state
    case "goTo": {
      if (state.numPages === null || !Number.isFinite(action.page)) return state
      const page = clampPage(action.page, state.numPages)
      return page === state.page ? state : { ...state, page }
    }
    // From any scale (a fitted one included) to the next step up or down.
    case "zoomIn": {
      const scale = currentScale(state)
      return zoomTo(
        state,
        zoomSteps.find((step) => step > scale + epsilon)
      )
    }
    case "zoomOut": {
      const scale = currentScale(state)
      return zoomTo(
        state,
        [...zoomSteps].reverse().find((step) => step < scale - epsilon)
      )
    }
    case "fitWidth":
      return state.zoom.kind === "fitWidth" ? state : { ...state, zoom: { kind: "fitWidth" } }
    case "measured":
      return action.fitScale > 0 && Number.isFinite(action.fitScale) && action.fitScale !== state.fitScale ? { ...state, fitScale: action.fitScale } : state
  }
}

/** "125 %": the scale as Spanish writes a percentage. */
export const formatZoom = (scale: number): string => `${Math.round(scale * 100)} %`
