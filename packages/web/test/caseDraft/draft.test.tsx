import type { ApplicantLookup, CaseDocument, InsuredSearchPage, OfferedAssistance, ServicesAndValues } from "@palma/core"
import { formatAmount, Rut } from "@palma/core"
import { screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { operator } from "../accounts"
import { useRealServer } from "../realServer"
import { renderApp } from "../renderApp"

const server = useRealServer()

/** Titulars with a policy in force today, as the intake looks them up. */
const titulars = async function* () {
  const found = await server.api<InsuredSearchPage>("GET", "/api/insured/getByRutOrName?name=a&records=100")
  for (const person of found.data.filter((p) => p.products > 0)) {
    const lookup = await server.api<ApplicantLookup>("GET", `/api/case/getApplicantByRut/${encodeURIComponent(person.rut)}`)
    if (lookup.type === "I") yield { rut: person.rut, lookup }
  }
}

/** A titular with one plan in force today, that plan and its first service (that `fits`), as the intake answers them. */
const coveredPerson = async (fits: (assistance: OfferedAssistance) => boolean = () => true) => {
  for await (const { rut, lookup } of titulars()) {
    if (lookup.type !== "I" || lookup.products.length !== 1) continue
    const product = lookup.products[0]!
    const base = { insured_id: lookup.insured.id, beneficiary_id: null, retail_id: product.retail_id, customer_id: lookup.customer.id, product_id: product.id }
    const offered = await server.api<ServicesAndValues>("POST", "/api/case/getServicesAndValues", { ...base, assistance_id: null })
    const assistance = offered.assistances.find(fits)
    if (assistance === undefined) continue
    const checked = await server.api<ServicesAndValues>("POST", "/api/case/getServicesAndValues", { ...base, assistance_id: assistance.id })
    return { rut, product, assistance, problems: checked.coverage?.problems ?? [] }
  }
  throw new Error("Ningún titular de la demo tiene un plan con servicios")
}

/** A titular holding several products today: the operator has to choose one. */
const personWithSeveralProducts = async () => {
  for await (const { rut, lookup } of titulars()) if (lookup.type === "I" && lookup.products.length > 1) return { rut, products: lookup.products }
  throw new Error("Ningún titular de la demo tiene varios productos vigentes")
}

describe("Nuevo caso (the caseDraft flow)", () => {
  it("opens a case by keyboard: RUT, product, service, coverage, values, event, procedure, review", async () => {
    await server.signIn(operator.email, operator.password)
    const person = await coveredPerson()
    const { user } = renderApp("/assistance/case/new")
    const rut = await screen.findByRole("textbox", { name: /RUT del solicitante/ })
    expect(rut).toHaveFocus()
    await user.type(rut, `${person.rut}{Enter}`)

    // The only product comes chosen, «Continuar» focused: Enter moves on.
    const product = await screen.findByRole("radio", { name: new RegExp(`póliza ${person.product.policy.number}`) })
    expect(product).toBeChecked()
    expect(screen.getByRole("button", { name: "Continuar" })).toHaveFocus()
    await user.keyboard("{Enter}")
    const service = await screen.findByRole("radio", { name: new RegExp(person.assistance.name) })
    await user.click(service)
    await screen.findByRole("table", { name: `Cobertura de ${person.assistance.name}` })
    if (person.problems.length > 0) {
      expect(screen.getByRole("alert")).toHaveTextContent(person.problems[0]!.message)
      await user.keyboard("{Enter}")
      expect(screen.getByRole("region", { name: "Cobertura" })).toBeInTheDocument()
      await user.type(screen.getByRole("textbox", { name: /Motivo de la excepción/ }), "Autoriza supervisión")
      await user.click(screen.getByRole("button", { name: "Continuar con excepción" }))
    } else {
      expect(screen.getByRole("status", { name: "Con cobertura" })).toHaveTextContent("El servicio está cubierto")
      await user.click(screen.getByRole("button", { name: "Continuar" }))
    }
    await user.click(await screen.findByRole("button", { name: "Continuar" }))

    const place = await screen.findByRole("combobox", { name: /Comuna/ })
    expect(place).toHaveFocus()
    await user.click(screen.getByRole("button", { name: "Continuar" }))
    const event = within(screen.getByRole("region", { name: "Evento" }))
    expect(event.getByText("Elija la comuna del evento")).toBeInTheDocument()
    expect(event.getByText("Describa qué pasó")).toBeInTheDocument()
    // Typed without its tilde, the first comuna that matches is taken with Enter.
    await user.type(place, "nunoa{Enter}")
    expect(place).toHaveValue("Ñuñoa — Metropolitana de Santiago")
    await user.click(screen.getByRole("button", { name: "Continuar" }))
    expect(screen.getByRole("region", { name: "Evento" })).toBeInTheDocument()
    await user.type(screen.getByRole("textbox", { name: /Qué pasó/ }), "Filtración en la cocina")
    await user.click(screen.getByRole("button", { name: "Continuar" }))
    await screen.findByRole("region", { name: "Procedimiento" })
    await user.click(screen.getByRole("button", { name: "Continuar" }))
    const review = within(await screen.findByRole("region", { name: "Revisión" }))
    expect(review.getByText(/Ñuñoa — Metropolitana de Santiago — Filtración en la cocina/)).toBeInTheDocument()
    await user.click(review.getByRole("button", { name: "Abrir el caso" }))

    expect(await screen.findByRole("heading", { level: 1, name: /^Caso N° \d+ abierto$/ })).toBeInTheDocument()
    const [sent] = server.calls("POST /api/case/upsert")
    const body = sent!.body as CaseDocument
    expect(body).toMatchObject({
      case_id: null,
      type: "I",
      assistance: { id: person.assistance.id },
      event: { location: "13120", description: "Filtración en la cocina" }
    })
    expect(body.coverageException).toBe(person.problems.length > 0 ? "Autoriza supervisión" : null)
    expect(screen.getByRole("link", { name: "Ver el caso" })).toHaveAttribute("href", expect.stringMatching(/^\/assistance\/case\/[0-9a-f-]{36}$/))
  })

  it("shows a coverage in UF as «UF 1,50», with its pesos at the event's UF", async () => {
    await server.signIn(operator.email, operator.password)
    const person = await coveredPerson((a) => a.assigned.currency === "U")
    const { user } = renderApp("/assistance/case/new")
    await user.type(await screen.findByRole("textbox", { name: /RUT del solicitante/ }), `${person.rut}{Enter}`)
    await user.click(await screen.findByRole("button", { name: "Continuar" }))
    await user.click(await screen.findByRole("radio", { name: new RegExp(person.assistance.name) }))
    const coverage = within(await screen.findByRole("table", { name: `Cobertura de ${person.assistance.name}` }))
    const row = (name: string) => coverage.getByRole("rowheader", { name }).closest("tr")!.querySelector("td")!.textContent
    expect(formatAmount(person.assistance.assigned.maximum)).toMatch(/^UF \d+,\d{2}$/)
    expect(row("Tope por evento")).toMatch(new RegExp(`^${formatAmount(person.assistance.assigned.maximum)} \\(\\$[\\d.]+\\)$`))
    expect(row("Monto del período")).toMatch(new RegExp(`^${formatAmount(person.assistance.assigned.amount)} \\(\\$[\\d.]+\\)$`))
  })

  it("with several products chooses none, and «Continuar» without one says what is missing and leads to the choices", async () => {
    await server.signIn(operator.email, operator.password)
    const person = await personWithSeveralProducts()
    const { user } = renderApp("/assistance/case/new")
    await user.type(await screen.findByRole("textbox", { name: /RUT del solicitante/ }), `${person.rut}{Enter}`)
    const step = within(await screen.findByRole("region", { name: "Producto" }))
    const choices = step.getByRole("radiogroup", { name: "Producto de la póliza" })
    expect(step.getAllByRole("radio")).toHaveLength(person.products.length)
    expect(step.queryByRole("radio", { checked: true })).toBeNull()

    await user.click(step.getByRole("button", { name: "Continuar" }))
    expect(screen.getByRole("region", { name: "Producto" })).toBeInTheDocument()
    expect(choices).toHaveAccessibleDescription("Elija el producto con que se abre el caso")
    expect(step.getAllByRole("radio")[0]).toHaveFocus()
    expect(server.calls("POST /api/case/getServicesAndValues")).toEqual([])

    await user.click(step.getByRole("radio", { name: new RegExp(`póliza ${person.products[1]!.policy.number}`) }))
    expect(await screen.findByRole("region", { name: "Servicio" })).toBeInTheDocument()
  })

  it("says plainly when nobody covered has the RUT, and keeps a refused lookup's message", async () => {
    await server.signIn(operator.email, operator.password)
    const { user } = renderApp("/assistance/case/new")
    await user.type(await screen.findByRole("textbox", { name: /RUT del solicitante/ }), "11.111.111-1{Enter}")
    expect(await screen.findByRole("alert")).toHaveTextContent("Nadie con el RUT 11.111.111-1 tiene una póliza vigente")
    const rut = screen.getByRole("textbox", { name: /RUT del solicitante/ })
    await user.clear(rut)
    await user.type(rut, "12.345.678-0{Enter}")
    expect(await screen.findByRole("alert")).toHaveTextContent("RUT inválido")
  })

  it("a reload resumes the draft where it was, with what was chosen and typed", async () => {
    await server.signIn(operator.email, operator.password)
    const person = await coveredPerson()
    const first = renderApp("/assistance/case/new")
    await first.user.type(await screen.findByRole("textbox", { name: /RUT del solicitante/ }), `${person.rut}{Enter}`)
    await screen.findByRole("radio", { name: new RegExp(`póliza ${person.product.policy.number}`), checked: true })
    await first.user.click(screen.getByRole("button", { name: "Continuar" }))
    await screen.findByRole("radio", { name: new RegExp(person.assistance.name) })
    first.unmount()

    // The page opened again, as a reload does: the service step, its choices read again from the journal.
    const second = renderApp("/assistance/case/new")
    await second.user.click(await screen.findByRole("radio", { name: new RegExp(person.assistance.name) }))
    await screen.findByRole("table", { name: `Cobertura de ${person.assistance.name}` })
    await second.user.click(screen.getByRole("button", { name: "Volver" }))
    await second.user.click(screen.getByRole("button", { name: "Volver" }))
    expect(screen.getByRole("radio", { name: new RegExp(`póliza ${person.product.policy.number}`) })).toBeChecked()
    second.unmount()

    // The next reload resumes where this one left it; back at the first step, the RUT is still typed.
    const third = renderApp("/assistance/case/new")
    await screen.findByRole("region", { name: "Producto" })
    await third.user.click(screen.getByRole("button", { name: "Volver" }))
    expect(screen.getByRole("textbox", { name: /RUT del solicitante/ })).toHaveValue(person.rut)
  })

  it("registers a person nobody covers with the plan they take, and opens a type-C case on it", async () => {
    await server.signIn(operator.email, operator.password)
    const rut = "30.123.458-" + Rut.checkDigit("30123458")
    const { user } = renderApp("/assistance/case/new")
    await user.type(await screen.findByRole("textbox", { name: /RUT del solicitante/ }), `${rut}{Enter}`)
    expect(await screen.findByRole("alert")).toHaveTextContent(`Nadie con el RUT ${rut} tiene una póliza vigente`)

    const form = within(await screen.findByRole("region", { name: "Registrar cliente" }))
    const name = form.getByRole("textbox", { name: /Nombre/ })
    expect(name).toHaveFocus()
    await user.type(name, "Camila")
    await user.type(form.getByRole("textbox", { name: /Apellido paterno/ }), "Reyes")
    await user.click(form.getByRole("combobox", { name: /Plan que toma/ }))
    const plan = (await screen.findAllByRole("option"))[0]!
    const planName = plan.textContent ?? ""
    await user.click(plan)
    await user.click(form.getByRole("button", { name: "Registrar y continuar" }))

    const services = await screen.findByRole("region", { name: "Servicio" })
    await user.click(within(services).getAllByRole("radio")[0]!)
    expect(await screen.findByRole("alert")).toHaveTextContent("Sin póliza vigente")
    await user.type(screen.getByRole("textbox", { name: /Motivo de la excepción/ }), "Cliente nuevo")
    await user.click(screen.getByRole("button", { name: "Continuar con excepción" }))
    await user.click(await screen.findByRole("button", { name: "Continuar" }))
    await user.type(await screen.findByRole("combobox", { name: /Comuna/ }), "Valparaíso{Enter}")
    await user.type(screen.getByRole("textbox", { name: /Qué pasó/ }), "Corte de luz")
    await user.click(screen.getByRole("button", { name: "Continuar" }))
    await user.click(await screen.findByRole("button", { name: "Continuar" }))
    await user.click(within(await screen.findByRole("region", { name: "Revisión" })).getByRole("button", { name: "Abrir el caso" }))

    expect(await screen.findByRole("heading", { level: 1, name: /^Caso N° \d+ abierto$/ })).toBeInTheDocument()
    const [sent] = server.calls("POST /api/case/upsert")
    expect(sent!.body).toMatchObject({ type: "C", lead_id: null, coverageException: "Cliente nuevo" })
    const applicant = await server.api<ApplicantLookup>(
      "GET",
      `/api/case/getApplicantByRut/${encodeURIComponent(rut)}?date=${(sent!.body as CaseDocument).event?.date}`
    )
    expect(applicant).toMatchObject({ type: "I", insured: { name: "Camila", paternalLastName: "Reyes" } })
    expect(applicant.type === "I" && applicant.products.map((p) => p.name)).toEqual([planName.split(" · ")[1]])
  })
})
