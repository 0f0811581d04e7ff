import logoUrl from "../assets/palma-logo.svg"
import { el } from "./dom"
import "./signIn.css"
import { type SignInErrors, validateSignIn } from "./validateSignIn"

export interface SignInFormOptions {
  /** The email to start from: the one just signed up with. */
  readonly email?: string
  /** What the server said after a sign-up; shown until the first attempt. */
  readonly notice?: string | null
  /** Sends the credentials; resolves to what to tell the person, or null once signed in (the form stays busy while the page moves on). */
  readonly submit: (email: string, password: string) => Promise<string | null>
  /** «Crear cuenta» inside the app, whose router keeps where the person was going; without it the link loads /sign-up. */
  readonly openSignUp?: () => void
}

export interface SignInForm {
  /** Whether this server lets people create their own account (PALMA_SIGN_UP), once known. */
  readonly setSignUpAllowed: (allowed: boolean) => void
  readonly remove: () => void
}

const alert = (tone: "red" | "blue", text: string) => el("div", { role: "alert", class: `signin-alert signin-alert-${tone}` }, text)

const eye = () => {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg")
  svg.setAttribute("viewBox", "0 0 24 24")
  svg.setAttribute("aria-hidden", "true")
  const path = document.createElementNS("http://www.w3.org/2000/svg", "path")
  path.setAttribute("d", "M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z")
  svg.append(path)
  return svg
}

/** A labelled input with the place its error goes, as the app's fields show them. */
const field = (name: "email" | "password", label: string, input: HTMLInputElement, extra?: Node) => {
  const error = el("p", { id: `signin-${name}-error`, class: "signin-error", hidden: "" })
  const box = el("div", { class: "signin-input" }, input, ...(extra === undefined ? [] : [extra]))
  const show = (message: string | undefined) => {
    error.textContent = message ?? ""
    error.hidden = message === undefined
    if (message === undefined) {
      input.removeAttribute("aria-invalid")
      input.removeAttribute("aria-describedby")
    } else {
      input.setAttribute("aria-invalid", "true")
      input.setAttribute("aria-describedby", error.id)
    }
  }
  // As the app's forms: a field's error goes as soon as it is edited, and comes back only on the next attempt.
  input.addEventListener("input", () => show(undefined))
  return { node: el("div", { class: "signin-field" }, el("label", { for: input.id }, label), box, error), show }
}

/**
 * The sign-in form of local mode, themed like the app: the page /sign-in loads alone (src/signIn/main.ts)
 * and the one the app shows after a sign-out or a sign-up. Validates as the contract does, in Spanish.
 */
export const mountSignInForm = (container: HTMLElement, options: SignInFormOptions): SignInForm => {
  const emailInput = el("input", { id: "signin-email", name: "email", type: "email", autocomplete: "email" })
  emailInput.value = options.email ?? ""
  const passwordInput = el("input", { id: "signin-password", name: "password", type: "password", autocomplete: "current-password" })
  const toggle = el("button", { type: "button", class: "signin-toggle", "aria-label": "Mostrar contraseña", "aria-pressed": "false" }, eye())
  toggle.addEventListener("click", () => {
    const shown = passwordInput.type === "password"
    passwordInput.type = shown ? "text" : "password"
    toggle.setAttribute("aria-pressed", String(shown))
  })
  const email = field("email", "Correo electrónico", emailInput)
  const password = field("password", "Contraseña", passwordInput, toggle)
  const button = el("button", { type: "submit", class: "signin-submit" }, "Ingresar")
  let message: HTMLElement | null = options.notice ? alert("blue", options.notice) : null
  const form = el("form", { novalidate: "" }, ...(message === null ? [] : [message]), email.node, password.node, button)

  const say = (next: HTMLElement | null) => {
    message?.remove()
    message = next
    if (next !== null) form.prepend(next)
  }
  const showErrors = (errors: SignInErrors) => {
    email.show(errors.email)
    password.show(errors.password)
  }
  const busy = (on: boolean) => {
    button.disabled = on
    button.toggleAttribute("data-loading", on)
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault()
    say(null)
    const errors = validateSignIn(emailInput.value, passwordInput.value)
    showErrors(errors)
    if (errors.email !== undefined || errors.password !== undefined) return
    busy(true)
    void options.submit(emailInput.value, passwordInput.value).then((failure) => {
      if (failure === null) return
      busy(false)
      say(alert("red", failure))
    })
  })

  const more = el("p", { class: "signin-more", hidden: "" })
  const setSignUpAllowed = (allowed: boolean) => {
    more.hidden = false
    if (!allowed) {
      more.replaceChildren("¿No tiene cuenta? Pida a un administrador de Palma que le cree una.")
      more.classList.add("signin-dimmed")
      return
    }
    const link = el("a", { href: "/sign-up" }, "Crear cuenta")
    const open = options.openSignUp
    if (open !== undefined)
      link.addEventListener("click", (event) => {
        event.preventDefault()
        open()
      })
    more.classList.remove("signin-dimmed")
    more.replaceChildren("¿No tiene cuenta? ", link)
  }

  const page = el(
    "main",
    { class: "signin" },
    el(
      "div",
      { class: "signin-card" },
      el(
        "div",
        {},
        el("div", { class: "signin-brand" }, el("img", { src: logoUrl, alt: "", width: "28", height: "28" }), el("span", {}, "Palma")),
        el("h1", {}, "Iniciar sesión")
      ),
      form,
      more
    )
  )
  container.append(page)
  return { setSignUpAllowed, remove: () => page.remove() }
}
