import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

// Not `new URL("./x", import.meta.url)`: in the browser-like test environment Vite rewrites that
// into a served address, not a file path.
const here = dirname(fileURLToPath(import.meta.url))

export const fixturePath = (name: string): string => join(here, "fixtures", name)

/** packages/web/dist, where `vite build` writes the app. */
export const webDist: string = join(here, "..", "..", "dist")
