import { randomBytes } from "node:crypto"
import { constants } from "node:fs"
import { access, rename, rm, stat, writeFile } from "node:fs/promises"
import { basename, dirname, join, resolve } from "node:path"
import { usageError } from "./errors.js"

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false
  )

/** The folder a file is to be written in, named as the person wrote it, when it is not one to write in. */
const folderProblem = async (output: string): Promise<string | undefined> => {
  const folder = dirname(output)
  const found = await stat(folder).catch(() => undefined)
  if (found === undefined) return `La carpeta ${folder} no existe: créela o elija otra.`
  if (!found.isDirectory()) return `${folder} no es una carpeta: elija otra.`
  return access(folder, constants.W_OK).then(
    () => undefined,
    () => `No tiene permiso para escribir en la carpeta ${folder}: elija otra.`
  )
}

/** The target of a download, checked before any network call: a mistake is a usage error (2). */
export const outputPath = async (output: string, force: boolean | undefined): Promise<string> => {
  const path = resolve(output)
  const problem = await folderProblem(output)
  if (problem !== undefined) throw usageError(problem)
  if (!force && (await exists(path))) throw usageError(`El archivo ${output} ya existe. Use --force para reemplazarlo.`)
  return path
}

/** Written beside the target and renamed over it: a failed download never leaves half a file. */
export const writeAtomically = async (path: string, bytes: Uint8Array) => {
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString("hex")}.tmp`)
  try {
    await writeFile(temporary, bytes, { flag: "wx" })
    await rename(temporary, path)
  } finally {
    await rm(temporary, { force: true })
  }
}
