/**
 * What a person reads when a call fails for a reason other than the server's own typed answer.
 * Plain strings, without Effect: the light sign-in page (packages/web/src/signIn) says the same.
 */
export const TRANSPORT_MESSAGE = "No se pudo conectar con el servidor. Revise su conexión e intente de nuevo."

/** A 5xx that is not one of Palma's typed answers. */
export const SERVER_FAULT_MESSAGE = "El servidor tuvo un problema. Intente de nuevo en unos minutos."

/** A typed answer that came without a message. */
export const REJECTED_MESSAGE = "Solicitud rechazada"

/** An answer the client could not read (not what the contract says). */
export const UNEXPECTED_ANSWER_MESSAGE = "Respuesta inesperada del servidor"

/** A list that could not be loaded, or one named by what it lists ("comunas"): the title of its retry alert or its field's error. */
export const listLoadFailed = (what?: string) => (what === undefined ? "No se pudo cargar la lista" : `No se pudo cargar la lista de ${what}`)
