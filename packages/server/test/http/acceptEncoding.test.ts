import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { type Coding, preferredCoding } from "../../src/http/acceptEncoding.js"

const both: ReadonlyArray<Coding> = ["br", "gzip"]

describe("preferredCoding", () => {
  it.each([
    [undefined, undefined],
    ["", undefined],
    ["identity", undefined],
    ["deflate", undefined],
    ["gzip, deflate, br, zstd", "br"],
    ["GZIP", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["br; q=0.2, gzip;q=0.9", "gzip"],
    ["*;q=0.5, gzip;q=0.1", "br"],
    ["*, br;q=0", "gzip"],
    ["*;q=0", undefined]
  ])("`%s` → %s", (header, expected) => {
    expect(preferredCoding(header, both)).toBe(expected)
  })

  it("only picks among the copies that exist", () => {
    expect(preferredCoding("br, gzip", ["gzip"])).toBe("gzip")
    expect(preferredCoding("br", ["gzip"])).toBeUndefined()
    expect(preferredCoding("br, gzip", [])).toBeUndefined()
  })

  it("answers an available coding the client weighs highest, never one it refused", () => {
    const weight = fc.option(fc.constantFrom(0, 0.1, 0.5, 1), { nil: undefined })
    const names = fc.uniqueArray(fc.constantFrom<string>("br", "gzip", "deflate", "identity", "*", "zstd"), { maxLength: 6 })
    fc.assert(
      fc.property(
        names.chain((ns) => fc.tuple(fc.constant(ns), fc.array(weight, { minLength: ns.length, maxLength: ns.length }))),
        fc.subarray([...both]),
        ([ns, qs], available) => {
          const header = ns.map((name, i) => (qs[i] === undefined ? name : `${name};q=${qs[i]}`)).join(", ")
          const weightOf = (coding: string) => {
            const at = ns.indexOf(coding)
            const star = ns.indexOf("*")
            return at >= 0 ? (qs[at] ?? 1) : star >= 0 ? (qs[star] ?? 1) : 0
          }
          const chosen = preferredCoding(header, available)
          const best = Math.max(0, ...available.map(weightOf))
          if (best === 0) expect(chosen).toBeUndefined()
          else {
            expect(available).toContain(chosen)
            expect(weightOf(chosen!)).toBe(best)
          }
        }
      )
    )
  })
})
