import { screen, within } from "@testing-library/react"
import type { UserEvent } from "@testing-library/user-event"

/** Picks `option` in the Mantine select or multi-select named `name` inside `scope`. */
export const pick = async (user: UserEvent, scope: HTMLElement, name: string, option: string) => {
  await user.click(within(scope).getByRole("combobox", { name }))
  await user.click(await screen.findByRole("option", { name: option }))
}

/** The texts of the ordered list named `name`, in order (each item's first line). */
export const listed = (scope: HTMLElement, name: string) =>
  within(within(scope).getByRole("list", { name }))
    .getAllByRole("listitem")
    .map((item) => item.querySelector("input")?.value ?? item.querySelector("p")?.textContent ?? "")

/** The choices shown as pills in the multi-select named `name` inside `scope`, in order. */
export const pills = (scope: HTMLElement, name: string) => {
  const root = within(scope).getByRole("combobox", { name }).closest(".mantine-MultiSelect-root")
  // Never an empty list for want of the multi-select: an empty one must mean no choices.
  if (root === null) throw new Error(`${name} no es una selección múltiple`)
  return Array.from(root.querySelectorAll(".mantine-Pill-label"), (pill) => pill.textContent)
}
