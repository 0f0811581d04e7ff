import { afterAll, beforeAll } from "vitest"

/**
 * pdf.js 5 needs Promise.withResolvers: every browser Palma supports has it, Node 20 does not.
 * Call inside a describe whose tests open the PDF viewer.
 */
export const providePromiseWithResolvers = () => {
  const had = "withResolvers" in Promise
  beforeAll(() => {
    if (had) return
    Object.defineProperty(Promise, "withResolvers", {
      configurable: true,
      value: <T>() => {
        let resolve!: (value: T) => void
        let reject!: (reason?: unknown) => void
        const promise = new Promise<T>((yes, no) => {
          resolve = yes
          reject = no
        })
        return { promise, resolve, reject }
      }
    })
  })
  afterAll(() => {
    if (!had) Reflect.deleteProperty(Promise, "withResolvers")
  })
}
