import type { RefObject } from "react"
import classes from "./SkipLink.module.css"

export const contentId = "contenido"

/** Class of the element the skip link leads to (it takes the focus without drawing a ring). */
export const skipTarget = classes.target

/**
 * The page's first Tab stop: it jumps over the header and the sidebar to the content, which takes
 * the focus so the next Tab is the page's own first control (WCAG 2.4.1).
 */
export const SkipLink = ({ target }: { readonly target: RefObject<HTMLElement | null> }) => (
  <a
    href={`#${contentId}`}
    className={classes.link}
    onClick={(event) => {
      // The router owns the URL: moving the focus is all a skip needs.
      event.preventDefault()
      target.current?.focus()
    }}
  >
    Saltar al contenido
  </a>
)
