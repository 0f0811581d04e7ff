/**
 * A stage's badge look by its code: closed grey, cancelled red, a procedure under way filled in
 * the primary colour, intake outlined. Only the colours the theme darkened to pass WCAG AA.
 */
export const stageLook = (code: string): { readonly color: string; readonly variant: "light" | "outline" } => {
  if (code === "close") return { color: "gray", variant: "light" }
  if (code.startsWith("anulled_")) return { color: "red", variant: "light" }
  if (["specialist", "alliance", "refund", "imed"].includes(code)) return { color: "teal", variant: "light" }
  return { color: "teal", variant: "outline" }
}
