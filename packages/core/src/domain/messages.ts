/**
 * Spanish messages that more than one rule gives, in core, the server, the web or the CLI, written
 * once so that they cannot drift apart. Plain values, without Effect: the CLI's prompts and the web's
 * own checks give them before anything is sent, the schemas and the server after.
 */

/** A required field left empty. */
export const REQUIRED = "Este campo es obligatorio"

/** A date as the API takes it (ISO, 2024-03-31). */
export const INVALID_ISO_DATE = "Fecha inválida (use AAAA-MM-DD)"

/** A date as a person types it in a form or a roster's cell (31-03-2024). */
export const INVALID_TYPED_DATE = "Fecha inválida (use dd-mm-aaaa)"

/** A record's id that is not one (not a UUID, or too long). */
export const INVALID_ID = "Identificador inválido"

/** A list of ids that names one twice. */
export const REPEATED_IDS = "Hay identificadores repetidos"

/** A case's procedure that no active procedure is (by id at the server, by name in the CLI). */
export const UNKNOWN_PROCEDURE = "Procedimiento desconocido"

/** A list of ids that is not a list. */
export const NOT_AN_ID_LIST = "Debe ser una lista de identificadores"

/** A text longer than its field takes. */
export const tooManyCharacters = (max: number) => `Debe tener como máximo ${max} caracteres`

/** A list longer than its field takes. */
export const tooManyItems = (max: number) => `Debe tener como máximo ${max} elementos`

/** A page's size out of 1–200, on every paged list. */
export const INVALID_PAGE_SIZE = "Tamaño de página inválido (1 a 200)"

/** A record count out of range, on the searches and exports that take one. */
export const INVALID_RECORD_COUNT = "Cantidad de registros inválida"

/** A search text longer than a search takes. */
export const SEARCH_TOO_LONG = "Búsqueda demasiado larga"

/** A comuna that is neither a CUT code nor something that could be a name. */
export const INVALID_DISTRICT_REF = "Comuna inválida (nombre o código CUT)"

/** A case number that is not a positive whole number. */
export const INVALID_CASE_NUMBER = "Número de caso inválido"

/** A partner or a specialist with no specialty. */
export const NO_SPECIALTY = "Indique al menos una especialidad"

/** A file with nothing in it (a roster, a case's document, a logo). */
export const EMPTY_FILE = "El archivo está vacío"

/** A phone that is not one, on every person and retail. */
export const INVALID_PHONE = "Teléfono inválido"

/** A comuna that is not a text, on every person and retail. */
export const INVALID_DISTRICT = "Comuna inválida"

/** A page number out of range, on every paged list. */
export const INVALID_PAGE = "Página inválida"

/** A subscription (póliza) number out of range. */
export const INVALID_SUBSCRIPTION = "Suscripción inválida"

/** A value of the wrong kind where no rule has a message of its own (Effect's English one is never shown). */
export const INVALID_VALUE = "Valor inválido"
