import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { templateName } from "../../src/features/fileFormat/downloadTemplate"

describe("a template's file name", () => {
  it("names the retail and the plan without accents, spaces or capitals", () => {
    expect(templateName({ retail: "Banco Ñuñoa S.A.", plan: "Asistencia Hogar Plus" })).toBe("plantilla-banco-nunoa-s-a-asistencia-hogar-plus.xlsx")
    expect(templateName({ retail: "Clínica Alemana", plan: "Telemedicina 24/7" })).toBe("plantilla-clinica-alemana-telemedicina-24-7.xlsx")
  })

  it("is a safe file name whatever the names are", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (retail, plan) => {
        expect(templateName({ retail, plan })).toMatch(/^plantilla(-[a-z0-9]+)*\.xlsx$/)
      })
    )
  })
})
