import { describe, expect, it } from "vitest"
import type { RefundAmounts } from "../../src/domain/caseFacts.js"
import { describeChange } from "../../src/domain/caseProgress.js"

describe("describeChange", () => {
  it("names a refund's amounts as they are now, in pesos, leaving out the ones not set", () => {
    const none: RefundAmounts = { required: null, refunded: null }
    const amended = (amount: RefundAmounts, imed = none) => describeChange({ type: "refundAmended", payload: { amount, imed, comment: "" } })
    expect(amended({ required: 38_500, refunded: 38_500 })).toBe("Montos del reembolso: solicitado $38.500, reembolsado $38.500")
    expect(amended(none, { required: 12_000, refunded: 10_000 })).toBe("Montos del reembolso: IMED solicitado $12.000, IMED aplicado $10.000")
    expect(amended(none)).toBe("Montos del reembolso: sin montos")
  })
})
