/** A stage's badge colour by its code: closed grey, cancelled red, a procedure under way blue, intake yellow. */
export const stageColor = (code: string): string => {
  if (code === "close") return "gray"
  if (code.startsWith("anulled_")) return "red"
  if (["specialist", "alliance", "refund", "imed"].includes(code)) return "blue"
  return "yellow"
}
