import { type JobToken, JobTokenInput, formatInstant } from "@palma/core"
import type { Io } from "../io.js"
import { renderJson } from "../output/json.js"
import { renderTable } from "../output/table.js"
import type { GlobalOptions } from "../session.js"
import { validPayload } from "../validate.js"
import { localSession, userIdOf } from "./userAdmin.js"

export interface IssueOptions {
  readonly name: string
  readonly days?: string
  readonly json?: boolean
}

/** Whole digits only: anything else reaches the schema as NaN and gets its Spanish message. */
const daysOf = (text: string | undefined) => (text === undefined ? {} : { days: /^\d{1,7}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN })

/**
 * `palma users token`: issues a job token for an account. The secret alone goes to stdout, so
 * `palma users token … > /etc/palma/job.token` stores it and nothing else; the note for the admin
 * goes to stderr. It is shown this once: the server keeps only its hash.
 */
export const issueJobToken = async (io: Io, who: string, options: IssueOptions, globals: GlobalOptions) => {
  const payload = validPayload(JobTokenInput, { name: options.name, ...daysOf(options.days) })
  const { apiUrl, call } = await localSession(io, globals)
  const id = await userIdOf(call, who)
  const issued = await call((client) => client.users.issueJobToken({ path: { id }, payload }))
  if (options.json) {
    io.stdout.write(renderJson(issued))
    return
  }
  io.stdout.write(`${issued.token}\n`)
  io.stderr.write(
    [
      `Token «${issued.name}» emitido: actúa como ${issued.userEmail}, con el rol que esa cuenta tenga, hasta el ${formatInstant(issued.expiresAt)} (id ${issued.id}).`,
      "Guárdelo ahora: no se volverá a mostrar.",
      `Úselo desde el archivo donde lo guardó: PALMA_API_URL=${apiUrl} PALMA_TOKEN=$(cat /etc/palma/job.token) palma cases export …`,
      `Para revocarlo: palma users revoke-token ${issued.id}`
    ]
      .map((line) => `${line}\n`)
      .join("")
  )
}

/** `palma users tokens`: the live job tokens, newest first as the server lists them; never their secrets. */
export const listJobTokens = async (io: Io, options: { readonly json?: boolean }, globals: GlobalOptions) => {
  const { call } = await localSession(io, globals)
  const tokens = await call((client) => client.jobTokens.list())
  if (options.json) {
    io.stdout.write(renderJson(tokens))
    return
  }
  if (tokens.length === 0) {
    io.stdout.write("No hay tokens de tareas vigentes.\n")
    return
  }
  io.stdout.write(
    renderTable({
      headers: ["Id", "Nombre", "Cuenta", "Emitido por", "Creado", "Último uso", "Vence"],
      rightAligned: [false, false, false, false, false, false, false],
      rows: tokens.map((t: JobToken) => [
        t.id,
        t.name,
        t.userEmail,
        t.issuedBy || "—",
        formatInstant(t.createdAt),
        formatInstant(t.lastSeenAt),
        formatInstant(t.expiresAt)
      ])
    })
  )
}

/** `palma users revoke-token`: ends a job token at once; one that is not live is the server's 404 (exit 1). */
export const revokeJobToken = async (io: Io, id: string, globals: GlobalOptions) => {
  const { call } = await localSession(io, globals)
  const live = (await call((client) => client.jobTokens.list())).find((t) => t.id === id)
  await call((client) => client.jobTokens.revoke({ path: { id } }))
  io.stdout.write(
    live === undefined ? `Token ${id} revocado.\n` : `Token «${live.name}» de ${live.userEmail} revocado: la tarea que lo usa ya no puede conectarse.\n`
  )
}
