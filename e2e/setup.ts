import { afterEach, expect } from "vitest"
import { takeViolations } from "./browser.js"

// Every page runs under the server's Content Security Policy: a violation fails the test that caused it.
afterEach(() => {
  expect(takeViolations()).toEqual([])
})
