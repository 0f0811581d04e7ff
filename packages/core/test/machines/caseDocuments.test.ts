import { describe, expect, it } from "vitest"
import { caseDocumentProblem } from "../../src/machines/caseDocuments.js"

describe("caseDocumentProblem (checked before a case document is sent)", () => {
  it("takes PDFs and images up to 10 MB, by type or, without one, by extension", () => {
    expect(caseDocumentProblem({ name: "a.pdf", size: 10, type: "application/pdf" })).toBeNull()
    expect(caseDocumentProblem({ name: "foto.JPG", size: 10, type: "" })).toBeNull()
    expect(caseDocumentProblem({ name: "x.pdf", size: 10 * 1024 * 1024, type: "application/pdf" })).toBeNull()
    expect(caseDocumentProblem({ name: "notas.txt", size: 10, type: "text/plain" })).toBe("El documento debe ser un PDF o una imagen PNG, JPG, GIF o WEBP")
    expect(caseDocumentProblem({ name: "a.pdf", size: 0, type: "application/pdf" })).toBe("El archivo está vacío")
    expect(caseDocumentProblem({ name: "a.pdf", size: 12 * 1024 * 1024, type: "application/pdf" })).toBe("El archivo pesa 12 MB: supera el máximo de 10 MB")
  })
})
