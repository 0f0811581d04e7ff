import type { Document, DocumentInput } from "@palma/core/domain"
import { familyScopedTable } from "../master/familyScopedTableSql.js"

export const documentTable = familyScopedTable<Document, DocumentInput>({
  table: "document",
  label: "El documento",
  uniqueMessage: "Ya existe un documento activo con ese nombre en la familia"
})
