import { describe, expect, it } from "vitest"
import {
  canGoNext,
  canGoPrevious,
  canZoomIn,
  canZoomOut,
  currentScale,
  formatZoom,
  initialViewerState,
  type ViewerAction,
  viewerReducer,
  type ViewerState
} from "../../src/components/pdf/viewerState"

const run = (...actions: ViewerAction[]): ViewerState => actions.reduce(viewerReducer, initialViewerState)

describe("page navigation", () => {
  it("starts on page 1 and cannot move before the document has loaded", () => {
    const state = run({ type: "next" }, { type: "previous" }, { type: "goTo", page: 3 })
    expect(state.page).toBe(1)
    expect(state.numPages).toBeNull()
    expect(canGoNext(state)).toBe(false)
    expect(canGoPrevious(state)).toBe(false)
  })

  it("moves forward and back within the document's pages", () => {
    const loaded = run({ type: "loaded", numPages: 2 })
    expect(canGoPrevious(loaded)).toBe(false)
    expect(canGoNext(loaded)).toBe(true)

    const second = viewerReducer(loaded, { type: "next" })
    expect(second.page).toBe(2)
    expect(canGoNext(second)).toBe(false)
    expect(viewerReducer(second, { type: "next" })).toBe(second)

    expect(viewerReducer(second, { type: "previous" }).page).toBe(1)
    expect(viewerReducer(loaded, { type: "previous" })).toBe(loaded)
  })

  it("clamps a jump to an existing page", () => {
    const loaded = run({ type: "loaded", numPages: 5 })
    expect(viewerReducer(loaded, { type: "goTo", page: 4 }).page).toBe(4)
    expect(viewerReducer(loaded, { type: "goTo", page: 99 }).page).toBe(5)
    expect(viewerReducer(loaded, { type: "goTo", page: -3 }).page).toBe(1)
    expect(viewerReducer(loaded, { type: "goTo", page: Number.NaN })).toBe(loaded)
  })

  it("keeps the page inside a document that turns out shorter", () => {
    const state = run({ type: "loaded", numPages: 5 }, { type: "goTo", page: 5 }, { type: "loaded", numPages: 2 })
    expect(state.page).toBe(2)
  })
})

describe("zoom", () => {
  it("fits the width by default, at 100 % until the page and the space are measured", () => {
    expect(initialViewerState.zoom).toEqual({ kind: "fitWidth" })
    expect(currentScale(initialViewerState)).toBe(1)
    expect(currentScale(run({ type: "measured", fitScale: 1.6 }))).toBe(1.6)
  })

  it("steps up and down from the current scale, a fitted one included", () => {
    const fitted = run({ type: "measured", fitScale: 1.1 })
    expect(currentScale(viewerReducer(fitted, { type: "zoomIn" }))).toBe(1.25)
    expect(currentScale(viewerReducer(fitted, { type: "zoomOut" }))).toBe(1)

    const atStep = run({ type: "measured", fitScale: 1 })
    expect(currentScale(viewerReducer(atStep, { type: "zoomIn" }))).toBe(1.25)
    expect(currentScale(viewerReducer(atStep, { type: "zoomOut" }))).toBe(0.75)
  })

  it("stops at 50 % and 300 %", () => {
    const smallest = run({ type: "zoomOut" }, { type: "zoomOut" }, { type: "zoomOut" }, { type: "zoomOut" })
    expect(currentScale(smallest)).toBe(0.5)
    expect(canZoomOut(smallest)).toBe(false)
    expect(viewerReducer(smallest, { type: "zoomOut" })).toBe(smallest)

    const largest = run(...Array.from({ length: 10 }, (): ViewerAction => ({ type: "zoomIn" })))
    expect(currentScale(largest)).toBe(3)
    expect(canZoomIn(largest)).toBe(false)
  })

  it("returns to fitting the width, keeping the page", () => {
    const zoomed = run({ type: "loaded", numPages: 2 }, { type: "next" }, { type: "measured", fitScale: 0.8 }, { type: "zoomIn" })
    expect(zoomed.zoom).toEqual({ kind: "scale", scale: 1 })
    const fitted = viewerReducer(zoomed, { type: "fitWidth" })
    expect(fitted.zoom).toEqual({ kind: "fitWidth" })
    expect(currentScale(fitted)).toBe(0.8)
    expect(fitted.page).toBe(2)
  })

  it("ignores measurements that cannot be a scale", () => {
    expect(viewerReducer(initialViewerState, { type: "measured", fitScale: 0 })).toBe(initialViewerState)
    expect(viewerReducer(initialViewerState, { type: "measured", fitScale: Number.POSITIVE_INFINITY })).toBe(initialViewerState)
  })

  it("shows the scale as a Spanish percentage", () => {
    expect(formatZoom(1)).toBe("100 %")
    expect(formatZoom(1.254)).toBe("125 %")
  })
})
