/**
 * Props for the heading of a page opened by following a link: it takes the focus when it appears,
 * so keyboard and screen-reader users start at the page's name (not at the document's top, where
 * the next Tab would land anywhere), and the window shows the page from its top. tabIndex -1:
 * focusable from script, never a Tab stop.
 */
export const arrivalFocus = {
  tabIndex: -1,
  // A stable callback ref: called once when the heading is attached, not on every render.
  ref: (heading: HTMLElement | null) => {
    heading?.focus()
  }
} as const
