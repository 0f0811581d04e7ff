import { HttpApiEndpoint } from "@effect/platform"
import { Schema } from "effect"
import { Document, DocumentInput } from "../domain/document.js"
import { FamilyOfItems } from "../domain/family.js"
import { FamilyPath, masterGroup } from "./master.js"
import { Staff } from "./security.js"

export const DocumentApi = masterGroup("document", Document, DocumentInput, { list: "/getAllDocuments", get: "/get/:id" })
  // Families that have at least one active document.
  .add(HttpApiEndpoint.get("families", "/families").addSuccess(Schema.Array(FamilyOfItems)).middleware(Staff))
  .add(HttpApiEndpoint.get("getByFamilyId", "/getDocumentsByFamilyId/:family_id").setPath(FamilyPath).addSuccess(Schema.Array(Document)).middleware(Staff))
  .prefix("/document")
