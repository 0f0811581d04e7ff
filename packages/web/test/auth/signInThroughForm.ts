import { screen } from "@testing-library/react"
import type { DemoAccount } from "../accounts"
import type { renderApp } from "../renderApp"

/** Signs in as a person would on the sign-in page, and waits for home. */
export const signInThroughForm = async (user: ReturnType<typeof renderApp>["user"], account: DemoAccount) => {
  await user.type(await screen.findByLabelText("Correo electrónico"), account.email)
  await user.type(screen.getByLabelText("Contraseña"), account.password)
  await user.click(screen.getByRole("button", { name: "Ingresar" }))
  await screen.findByRole("heading", { name: `Hola, ${account.fullName}` })
}
