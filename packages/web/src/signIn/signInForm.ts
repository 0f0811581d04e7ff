import { el } from "./dom"
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
}

const alert = (tone: "red" | "blue", text: string) => el("div", { role: "alert", class: `signin-alert signin-alert-${tone}` }, text)

const find = <T extends Element>(root: ParentNode, selector: string, type: new () => T): T => {
  const found = root.querySelector(selector)
  if (!(found instanceof type)) throw new Error(`Falta ${selector} en el formulario de ingreso`)
  return found
}

/** A field's error, shown as the app's fields show them; it goes as soon as the field is edited, as in the app's forms. */
const errorOf = (input: HTMLInputElement, error: HTMLElement) => {
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
  input.addEventListener("input", () => show(undefined))
  return show
}

/**
 * Gives the sign-in form's markup (src/signIn/signInForm.html) its behaviour: on the light page
 * /sign-in loads alone (src/signIn/main.ts) and on the app's own /sign-in. Validates as the
 * contract does, in Spanish, before sending.
 */
export const wireSignInForm = (root: ParentNode, options: SignInFormOptions): SignInForm => {
  const form = find(root, "form", HTMLFormElement)
  const emailInput = find(form, "input[name=email]", HTMLInputElement)
  const passwordInput = find(form, "input[name=password]", HTMLInputElement)
  const toggle = find(form, "button.signin-toggle", HTMLButtonElement)
  const button = find(form, "button[type=submit]", HTMLButtonElement)
  const more = find(root, "p.signin-more", HTMLParagraphElement)
  const showEmail = errorOf(emailInput, find(form, "#signin-email-error", HTMLParagraphElement))
  const showPassword = errorOf(passwordInput, find(form, "#signin-password-error", HTMLParagraphElement))
  if (options.email) emailInput.value = options.email

  toggle.addEventListener("click", () => {
    const shown = passwordInput.type === "password"
    passwordInput.type = shown ? "text" : "password"
    toggle.setAttribute("aria-pressed", String(shown))
  })

  let message: HTMLElement | null = null
  const say = (next: HTMLElement | null) => {
    message?.remove()
    message = next
    if (next !== null) form.prepend(next)
  }
  if (options.notice) say(alert("blue", options.notice))
  const showErrors = (errors: SignInErrors) => {
    showEmail(errors.email)
    showPassword(errors.password)
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

  const setSignUpAllowed = (allowed: boolean) => {
    more.hidden = false
    more.classList.toggle("signin-dimmed", !allowed)
    if (!allowed) {
      more.replaceChildren("¿No tiene cuenta? Pida a un administrador de Palma que le cree una.")
      return
    }
    const link = el("a", { href: "/sign-up" }, "Crear cuenta")
    const open = options.openSignUp
    if (open !== undefined)
      link.addEventListener("click", (event) => {
        event.preventDefault()
        open()
      })
    more.replaceChildren("¿No tiene cuenta? ", link)
  }
  return { setSignUpAllowed }
}
