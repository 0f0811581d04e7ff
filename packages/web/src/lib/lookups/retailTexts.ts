/** What the screens that pick a channel, then one of its plans, say when the channels' list failed or none is chosen yet. */
export const retailTexts = {
  failed: "No se pudieron cargar los canales",
  chooseFirst: "Elija primero el canal"
} as const
