import type { Locator, Page } from "playwright-core"

/** Picks `option` in the Mantine select or multi-select named `name` inside `scope` (its options live in a portal). */
export const pick = async (page: Page, scope: Locator, name: string, option: string) => {
  await scope.getByRole("combobox", { name, exact: true }).click()
  await page.getByRole("option", { name: option, exact: true }).click()
}

/**
 * The texts of an ordered list (kit's OrderedList), in order: each item's text box value when it
 * has one (benefits, headers), else its first line of text (a value's name).
 */
export const listed = (list: Locator): Promise<string[]> =>
  list.getByRole("listitem").evaluateAll((items) => items.map((item) => item.querySelector("input")?.value ?? item.querySelector("p")?.textContent ?? ""))

/** Each column's header as the file format editor shows it, in order. */
export const headersShown = (list: Locator): Promise<string[]> =>
  list.getByRole("textbox").evaluateAll((inputs) => inputs.map((input) => (input as unknown as { value: string }).value))

/** The row of `table` whose cells include one with exactly `text`. */
export const rowWith = (table: Locator, text: string) => table.getByRole("row").filter({ has: table.page().getByRole("cell", { name: text, exact: true }) })

/** The texts of a row's cells, trimmed. */
export const cellsOf = async (row: Locator) => (await row.getByRole("cell").allInnerTexts()).map((t) => t.trim())

/** Waits for the success toast (a status) that confirms a write. */
export const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text }).first().waitFor()

/** In the page: the width an image was decoded at, 0 while it has not loaded (or could not). */
export const drawnWidth = (element: unknown) => {
  const img = element as { complete: boolean; naturalWidth: number }
  return img.complete ? img.naturalWidth : 0
}
