import { familyItemGroup } from "./master.js"

export const DocumentApi = familyItemGroup("document", {
  list: "/getAllDocuments",
  get: "/get/:id",
  byFamily: "/getDocumentsByFamilyId/:family_id"
}).prefix("/document")
