/** Spanish messages that more than one rule gives, written once so that they cannot drift apart. */

/** A subscription (lead) that is not there, whichever request named it. */
export const subscriptionNotFound = "No se encontró la suscripción"

/** A user id that names no user (the users screen and the job tokens). */
export const userNotFound = "No existe un usuario con ese identificador"

/** A comuna not on Chile's official list (a form's field or a roster's cell). */
export const districtNotListed = "La comuna no existe en la lista oficial"
