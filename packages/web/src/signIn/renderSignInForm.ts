import logoUrl from "../assets/palma-logo.svg"
import markup from "./signInForm.html?raw"
import "./signIn.css"

/**
 * Puts the sign-in form's markup in `container`, for the app's own /sign-in. The light page has
 * it in its HTML already (vite/signInMarkup.ts), so it paints before any script runs.
 */
export const renderSignInForm = (container: HTMLElement): void => {
  container.innerHTML = markup
  const logo = container.querySelector("img.signin-logo")
  if (logo instanceof HTMLImageElement) logo.src = logoUrl
}
