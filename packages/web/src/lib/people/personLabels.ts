/** What a form calls a person's own fields (a titular, a carga, a specialist), for notices that list them. */
export const personLabels = {
  name: "Nombre",
  paternalLastName: "Apellido paterno",
  maternalLastName: "Apellido materno",
  birthDate: "Fecha de nacimiento",
  address: "Dirección",
  email: "Correo electrónico",
  phone: "Teléfono"
} as const

/** What a person's page says when they hold no subscription, as a customer or an insured. */
export const NO_SUBSCRIPTIONS = "No tiene suscripciones."
