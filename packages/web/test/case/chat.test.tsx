import { type CaseChatMessage, formatInstant } from "@palma/core"
import { screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { operator } from "../accounts"
import { useRealServer } from "../realServer"
import { renderApp } from "../renderApp"
import { findCase } from "./cases"

const server = useRealServer()

describe("a case's chat", () => {
  it("shows the messages oldest first with role and stage, and sends one on Enter as the signed-in operator", async () => {
    await server.signIn(operator.email, operator.password)
    const view = await findCase(server, null, () => true)
    const before = await server.api<ReadonlyArray<CaseChatMessage>>("GET", `/api/case/getChatByCase/${view.case_id}`)
    const { user } = renderApp(`/assistance/case/${view.case_id}`)
    const chat = within(await screen.findByRole("region", { name: "Chat del caso" }))
    if (before.length > 0) {
      const shown = within(await chat.findByRole("list", { name: "Mensajes" })).getAllByRole("listitem")
      expect(shown).toHaveLength(before.length)
      expect(shown[0]).toHaveTextContent(before[0]!.message)
      expect(within(shown[0]!).getByText(formatInstant(before[0]!.created_at))).toBeInTheDocument()
    } else expect(await chat.findByText(/Aún no hay mensajes/)).toBeInTheDocument()

    const box = chat.getByRole("textbox", { name: /Mensaje/ })
    await user.type(box, "Llamé al cliente:{Shift>}{Enter}{/Shift}confirma la visita")
    expect(box).toHaveValue("Llamé al cliente:\nconfirma la visita")
    await user.keyboard("{Enter}")
    await waitFor(() => expect(box).toHaveValue(""))
    const [posted] = server.calls("POST /api/case/createChatMessage")
    expect(posted!.body).toEqual({ case_id: view.case_id, message: "Llamé al cliente:\nconfirma la visita" })
    const items = within(chat.getByRole("list", { name: "Mensajes" })).getAllByRole("listitem")
    expect(items).toHaveLength(before.length + 1)
    expect(items.at(-1)).toHaveTextContent("Operador")
    expect(items.at(-1)).toHaveTextContent(view.stage.name)
    const after = await server.api<ReadonlyArray<CaseChatMessage>>("GET", `/api/case/getChatByCase/${view.case_id}`)
    expect(after.at(-1)).toMatchObject({ message: "Llamé al cliente:\nconfirma la visita", type: "Operador" })
    // The one date-time format of every screen: "28-11-2026 17:19".
    expect(formatInstant(after.at(-1)!.created_at)).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/)
    expect(within(items.at(-1)!).getByText(formatInstant(after.at(-1)!.created_at))).toBeInTheDocument()
  })

  it("sends nothing empty, and keeps a refused message's text with the reason", async () => {
    await server.signIn(operator.email, operator.password)
    const view = await findCase(server, null, () => true)
    const { user } = renderApp(`/assistance/case/${view.case_id}`)
    const chat = within(await screen.findByRole("region", { name: "Chat del caso" }))
    const box = await chat.findByRole("textbox", { name: /Mensaje/ })
    expect(chat.getByRole("button", { name: "Enviar" })).toBeDisabled()
    await user.type(box, "   {Enter}")
    expect(server.calls("POST /api/case/createChatMessage")).toHaveLength(0)
    await user.clear(box)
    await user.type(box, "x".repeat(10))
    // The session ends before sending: the server refuses and the text stays.
    await server.signOut()
    await user.keyboard("{Enter}")
    expect(await chat.findByText("El mensaje no se envió")).toBeInTheDocument()
    expect(box).toHaveValue("x".repeat(10))
  })
})
