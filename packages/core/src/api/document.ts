import { Document, DocumentInput } from "../domain/document.js"
import { masterGroup } from "./master.js"

export const DocumentApi = masterGroup("document", Document, DocumentInput)
