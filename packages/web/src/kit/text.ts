import type { Noun } from "./types"

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** "de" and the noun with its article, as Spanish writes it: "del especialista" (never "de el"), "de la alianza". */
export const ofThe = ({ singular, gender }: Noun) => `${gender === "f" ? "de la" : "del"} ${singular}`

/** The Spanish texts of a screen, built from its noun and gender. */
export const textsOf = ({ singular, gender }: Noun) => {
  const f = gender === "f"
  const done = (verb: "cread" | "actualizad" | "eliminad" | "restaurad") => `${capitalize(singular)} ${verb}${f ? "a" : "o"}`
  return {
    create: `${f ? "Nueva" : "Nuevo"} ${singular}`,
    edit: `Editar ${singular}`,
    created: done("cread"),
    updated: done("actualizad"),
    deleted: done("eliminad"),
    restored: done("restaurad"),
    /** Shown in the delete confirmation under its title. */
    deleteWarning: `${f ? "La" : "El"} ${singular} dejará de estar disponible para nuevos registros. Lo ya registrado conserva su historial.`
  }
}
export type Texts = ReturnType<typeof textsOf>
