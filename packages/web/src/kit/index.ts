/** The generic list / form kit over core's resource machine. */
export { ResourcePage, type ResourcePageProps } from "./ResourcePage"
export { ResourceList } from "./ResourceList"
export { ResourceForm, type WriteRejection } from "./ResourceForm"
export { ConfirmDelete } from "./ConfirmDelete"
export { textsOf } from "./text"
export { parseListQuery, listQueryParams, resourceQueryOf, type ListQuery } from "./query"
export type { Column, Field, FieldKind, Noun, ResourceConfig } from "./types"
