/** Spanish messages that more than one rule gives, written once so that they cannot drift apart. */

/** A subscription (lead) that is not there, whichever request named it. */
export const subscriptionNotFound = "No se encontró la suscripción"

/** A user id that names no user (the users screen and the job tokens). */
export const userNotFound = "No existe un usuario con ese identificador"

/** A comuna not on Chile's official list (a form's field or a roster's cell). */
export const districtNotListed = "La comuna no existe en la lista oficial"

/** A case id or number that names no case (its record, chat, documents, live view or contract). */
export const caseNotFound = "No se encontró el caso"

/** A plan id that names no plan (its fields, its contract, its prices). */
export const planNotFound = "No se encontró el plan"

/** A record's family_id that names no active family (an assistance, a product, a value, a family's master). */
export const unknownFamily = "La familia indicada no existe o está inactiva"

/** A session that is over (expired, closed, or its account disabled), whichever check finds it. */
export const sessionEnded = "Su sesión terminó. Inicie sesión nuevamente."
