import { describe, expect, it } from "vitest"
import { refreshDelay } from "../../src/features/auth/refreshDelay"

describe("refreshDelay", () => {
  it("refreshes a minute before a long-lived token expires", () => {
    expect(refreshDelay(600_000, 0)).toBe(540_000)
  })

  it("refreshes a short-lived token halfway through its life", () => {
    expect(refreshDelay(1_000, 0)).toBe(500)
  })

  it("refreshes at once a token that already expired", () => {
    expect(refreshDelay(1_000, 5_000)).toBe(0)
  })

  it("never exceeds what setTimeout can wait", () => {
    expect(refreshDelay(90 * 24 * 3_600_000, 0)).toBe(2 ** 31 - 1)
  })
})
