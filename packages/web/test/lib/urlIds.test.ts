import { describe, expect, it } from "vitest"
import { idParam, retailParam } from "../../src/lib/urlIds"

const id = "3F2B8C1E-5D4A-4B7C-9E2F-1A2B3C4D5E6F"

describe("ids read from a screen's URL", () => {
  it("takes a well-formed id, lower-cased, and nothing else", () => {
    expect(idParam(new URLSearchParams({ stage: id }), "stage")).toBe(id.toLowerCase())
    expect(idParam(new URLSearchParams({ stage: "'; drop table" }), "stage")).toBeUndefined()
    expect(idParam(new URLSearchParams(), "stage")).toBeUndefined()
  })

  it("reads the channel filter from `retail`, and from `channel` in links saved before the rename", () => {
    expect(retailParam(new URLSearchParams({ retail: id }))).toBe(id.toLowerCase())
    expect(retailParam(new URLSearchParams({ channel: id }))).toBe(id.toLowerCase())
    const other = "0a0b0c0d-0000-4000-8000-000000000001"
    expect(retailParam(new URLSearchParams({ retail: other, channel: id }))).toBe(other)
    expect(retailParam(new URLSearchParams({ channel: "Todos" }))).toBeUndefined()
  })
})
