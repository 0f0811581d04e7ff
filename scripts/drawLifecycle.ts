/** Writes docs/caseLifecycle.md from the case lifecycle machine (issue 32 §5): `pnpm draw:lifecycle`. */
import { writeFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { caseLifecycleDrawing, caseLifecycleDrawingPath } from "../packages/core/src/domain/caseLifecycleDrawing.ts"

const target = fileURLToPath(new URL(`../${caseLifecycleDrawingPath}`, import.meta.url))
writeFileSync(target, caseLifecycleDrawing())
console.info(`Escrito ${caseLifecycleDrawingPath}`)
