import { Arbitrary, Either, FastCheck, Schema, SchemaAST } from "effect"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demo, signIn } from "../support/api.js"
import { rosterWorkbook } from "../support/roster.js"
import { type RunningServer, startServer } from "../support/startServer.js"
import { type Endpoint, endpoints } from "./contract.js"
import { looksSpanish, type RawResponse, send } from "./http.js"

/**
 * DESIGN §2 and §8: malformed bodies on every endpoint with a payload, as admin (so access passes
 * and what is tested is validation), over real HTTP against the real server process. Expected:
 * a Spanish 400 `BadRequest` (413 where the size is the problem), never a 500, never a write.
 *
 * Safety: the server decodes the JSON body (the wire, i.e. encoded, form) with the endpoint's
 * payload schema. Every body built here is decoded locally with that same schema first and is
 * NOT sent if the contract would accept it (`sendInvalid`), so no request can create or change a
 * row. The two deliberate exceptions are marked where they are built. The last block checks the
 * database is unchanged.
 */

let server: RunningServer
let admin: string

type Json = unknown
const masterLists = endpoints.filter((e) => e.method === "GET" && e.name === "list" && !e.path.includes(":"))
const listAll = async (): Promise<Record<string, Json>> => {
  const entries = await Promise.all(
    masterLists.map(async (e) => {
      const response = await send(server.url, "GET", e.url, { token: admin })
      expect(response.status, `${e.label}: ${response.text}`).toBe(200)
      return [e.id, response.json] as const
    })
  )
  return Object.fromEntries(entries)
}
let before: Record<string, Json>

beforeAll(async () => {
  server = await startServer()
  admin = await signIn(server.url, demo.admin)
  before = await listAll()
})
afterAll(() => server?.stop())

/** JSON payloads; multipart uploads (the jsonOnly allowlist) have a block of their own at the end. */
const withPayload = endpoints.filter((e): e is Endpoint & { payload: Schema.Schema.AnyNoContext } => e.payload !== null && !e.multipart)
const uploads = endpoints.filter((e) => e.multipart)

const accepts = (payload: Schema.Schema.AnyNoContext, wire: unknown): boolean => Either.isRight(Schema.decodeUnknownEither(payload)(wire))
const parsed = (body: string): { ok: true; value: unknown } | { ok: false } => {
  try {
    return { ok: true, value: JSON.parse(body) }
  } catch {
    return { ok: false }
  }
}

/** Credentials of every sign-up / user-creation body sent: none may be able to sign in afterwards. */
const sentCredentials = new Map<string, { email: string; password: string }>()
const remember = (endpoint: Endpoint, value: unknown) => {
  if (endpoint.id !== "auth.signUp" && endpoint.id !== "auth.createUser") return
  if (typeof value !== "object" || value === null) return
  const { email, password } = value as { email?: unknown; password?: unknown }
  if (typeof email === "string" && typeof password === "string") sentCredentials.set(`${email}\u0001${password}`, { email, password })
}

const post = (endpoint: Endpoint, body: string | Uint8Array | FormData | undefined, headers?: Record<string, string>) =>
  send(server.url, endpoint.method, endpoint.url, { token: admin, ...(body === undefined ? {} : { body }), ...(headers ? { headers } : {}) })

/** Sends `body` only if the contract refuses it; a body the contract accepts fails the test unsent. */
const sendInvalid = (endpoint: Endpoint & { payload: Schema.Schema.AnyNoContext }, body: string, headers?: Record<string, string>) => {
  const json = parsed(body)
  if (json.ok) {
    if (accepts(endpoint.payload, json.value)) {
      throw new Error(`${endpoint.id}: el contrato ACEPTA este cuerpo, no se envía (escribiría): ${body.slice(0, 200)}`)
    }
    remember(endpoint, json.value)
  }
  return post(endpoint, body, headers)
}

interface BadRequestBody {
  readonly _tag: string
  readonly message: string
  readonly issues: ReadonlyArray<{ readonly path: ReadonlyArray<string | number>; readonly message: string }>
}

const startsWith = (path: ReadonlyArray<string | number>, prefix: ReadonlyArray<string | number>) => prefix.every((p, i) => path[i] === p)

/** A Spanish BadRequest; with `at`, one of its issues is on that field. */
const expectBadRequest = (response: RawResponse, at?: ReadonlyArray<string | number>) => {
  expect(response.status, response.text.slice(0, 500)).toBe(400)
  const body = response.json as BadRequestBody
  expect(body?._tag, response.text.slice(0, 500)).toBe("BadRequest")
  // The summary names the first offending field ("Is: Campo no permitido"): that name is the client's, not ours.
  const named = body.issues?.[0] ? `${body.issues[0].path.join(".")}: ` : ""
  const own = named !== "" && body.message?.startsWith(named) ? body.message.slice(named.length) : body.message
  expect(looksSpanish(own), `mensaje no está en español: ${String(body.message).slice(0, 200)}`).toBe(true)
  expect(Array.isArray(body.issues)).toBe(true)
  for (const issue of body.issues) expect(looksSpanish(issue.message), `issue no está en español: ${JSON.stringify(issue).slice(0, 200)}`).toBe(true)
  if (at)
    expect(
      body.issues.some((i) => startsWith(i.path, at)),
      `ningún issue en ${JSON.stringify(at)}: ${response.text.slice(0, 500)}`
    ).toBe(true)
}

/** Too big: a Spanish 400 (on the field, when given) or a Spanish 413; never 500. */
const expectTooBig = (response: RawResponse, at?: ReadonlyArray<string | number>) => {
  expect([400, 413], response.text.slice(0, 500)).toContain(response.status)
  if (response.status === 400) expectBadRequest(response, at)
  else {
    expect(response.json).toMatchObject({ _tag: "PayloadTooLarge" })
    expect(looksSpanish((response.json as { message?: unknown }).message)).toBe(true)
  }
}

/** The payload as a JSON object: its field names and which take strings on the wire. */
interface Shape {
  readonly fields: ReadonlyArray<string>
  readonly stringFields: ReadonlyArray<string>
}
const shapeOf = (payload: Schema.Schema.AnyNoContext): Shape | null => {
  const encoded = SchemaAST.encodedAST(payload.ast)
  // A union of objects (a case's step: one shape per step) is an object on the wire: its fields are all its members'.
  const members = SchemaAST.isUnion(encoded) ? encoded.types : [encoded]
  if (!members.every(SchemaAST.isTypeLiteral)) return null
  const props = members
    .flatMap((m) => (SchemaAST.isTypeLiteral(m) ? m.propertySignatures : []))
    .filter((p, i, all) => typeof p.name === "string" && all.findIndex((q) => q.name === p.name) === i)
  return {
    fields: props.map((p) => p.name as string),
    stringFields: props.filter((p) => Schema.is(Schema.make(SchemaAST.encodedAST(p.type)))("x")).map((p) => p.name as string)
  }
}

/**
 * The payload's shapes, each with its fields: one for an object, one per member for a union of
 * objects (a case's step, a verify request), since a field is only a member's own where that member
 * is sent. Bodies built from a member are still checked against the whole payload before sending.
 */
const variantsOf = (payload: Schema.Schema.AnyNoContext): ReadonlyArray<{ readonly name: string; readonly schema: Schema.Schema.AnyNoContext }> =>
  SchemaAST.isUnion(payload.ast)
    ? payload.ast.types.map((member, i) => ({ name: `forma ${i + 1}`, schema: Schema.make(member) }))
    : [{ name: "objeto", schema: payload }]

/** A valid wire sample of the payload (never sent as is), from the schema's own arbitrary. */
const sampleOf = (payload: Schema.Schema.AnyNoContext): Record<string, unknown> | null => {
  // effect's Arbitrary builds on effect's bundled fast-check (v3), hence its FastCheck.sample here.
  const [value] = FastCheck.sample(Arbitrary.make(payload), { numRuns: 1, seed: 42 })
  const wire: unknown = JSON.parse(JSON.stringify(Schema.encodeSync(payload)(value)))
  return typeof wire === "object" && wire !== null && !Array.isArray(wire) && accepts(payload, wire) ? (wire as Record<string, unknown>) : null
}

const jsonType = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v)
const wrongValues: ReadonlyArray<readonly [string, unknown]> = [
  ["un número", 12345],
  ["un texto", "texto"],
  ["un booleano", true],
  ["null", null],
  ["un objeto", { a: 1 }],
  ["un arreglo", ["a"]]
]
/** Field names a client might try to slip in (mass assignment), and one that means nothing. */
const extraFields: ReadonlyArray<readonly [string, unknown]> = [
  ["campoDesconocido", 1],
  ["id", "7b0c1c5e-9d1a-4f4e-8a53-2f0f3c6d9e41"],
  ["isActive", false],
  ["role", "admin"],
  ["publicMeta", { roles: { operaciones: "admin" } }],
  ["constructor", { prototype: { role: "admin" } }]
]
const withField = (sample: Record<string, unknown>, field: string, value: unknown) => JSON.stringify({ ...sample, [field]: value })
/** An own key first in the JSON text: `{ __proto__: … }` in JS would set the prototype instead. */
const withRawKey = (sample: Record<string, unknown>, key: string, value: unknown) => {
  const rest = JSON.stringify(sample).slice(1)
  return `{${JSON.stringify(key)}:${JSON.stringify(value)}${rest === "}" ? "" : ","}${rest}`
}
const THREE_MB = 3 * 1024 * 1024

describe("the payload endpoints of the contract", () => {
  it("(the Spanish check tells the server's messages from English defaults)", () => {
    for (const es of [
      "Valor inválido",
      "Campo no permitido",
      "Este campo es obligatorio",
      "El cuerpo de la solicitud no es JSON válido",
      "Correo o contraseña incorrectos"
    ]) {
      expect(looksSpanish(es), es).toBe(true)
    }
    for (const en of ["Expected string, actual 1", 'Unable to decode "x" into a number', "is missing", "Unexpected token } in JSON", "Not Found", ""]) {
      expect(looksSpanish(en), en).toBe(false)
    }
  })

  it("are all here, each an object schema with a valid sample", () => {
    console.info(`Cuerpos malformados: ${withPayload.length} endpoints con payload: ${withPayload.map((e) => e.id).join(", ")}`)
    expect(withPayload.length).toBeGreaterThanOrEqual(20)
    for (const endpoint of withPayload) {
      expect(shapeOf(endpoint.payload), `${endpoint.id}: el payload no es un objeto`).not.toBeNull()
      expect(sampleOf(endpoint.payload), `${endpoint.id}: no se pudo generar un ejemplo válido`).not.toBeNull()
    }
  })
})

describe.each(withPayload)("$label", (endpoint) => {
  const payload = endpoint.payload
  const shape = shapeOf(payload) ?? { fields: [], stringFields: [] }
  const refused = (body: string) => {
    const json = parsed(body)
    return !json.ok || !accepts(payload, json.value)
  }

  describe("(a) arbitrary JSON the payload does not accept → Spanish 400", () => {
    const check = (arbitrary: fc.Arbitrary<string>) =>
      fc.assert(
        // Assertions inside the property: fast-check reports the shrunk body together with the failed expectation.
        fc.asyncProperty(arbitrary.filter(refused), async (body) => expectBadRequest(await sendInvalid(endpoint, body))),
        { numRuns: 25 }
      )

    it("fc.jsonValue()", () => check(fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v))))

    it("fc.anything(), where JSON.stringify can serialize it", () =>
      check(
        fc
          .anything({
            maxDepth: 3,
            withBigInt: true,
            withBoxedValues: true,
            withDate: true,
            withMap: true,
            withSet: true,
            withNullPrototype: true,
            withSparseArray: true,
            withTypedArray: true
          })
          .map((v) => {
            try {
              return JSON.stringify(v)
            } catch {
              return undefined // BigInt: not serializable
            }
          })
          .filter((s): s is string => typeof s === "string")
      ))

    it("objects with the payload's own field names and arbitrary JSON values", () =>
      check(fc.record(Object.fromEntries(shape.fields.map((f) => [f, fc.jsonValue({ maxDepth: 2 })])), { requiredKeys: [] }).map((v) => JSON.stringify(v))))
  })

  describe.each(variantsOf(payload))("(b) derived from a valid sample ($name)", (variant) => {
    const shape = shapeOf(variant.schema) ?? { fields: [], stringFields: [] }
    const sample = sampleOf(variant.schema) ?? {}
    const wrongTypeCases = shape.fields.flatMap((field) =>
      wrongValues
        .filter(([, value]) => jsonType(value) !== jsonType(sample[field]))
        .map(([what, value]) => ({ field, what, body: withField(sample, field, value) }))
        .filter(({ body }) => refused(body))
    )
    it("has a wrong-type case for every field", () => {
      expect([...new Set(wrongTypeCases.map((c) => c.field))].sort()).toEqual([...shape.fields].sort())
    })
    it.each(wrongTypeCases)("$field as $what → 400 on $field", async ({ field, body }) => {
      expectBadRequest(await sendInvalid(endpoint, body), [field])
    })
    // An object whose toString and valueOf are not functions cannot be printed: effect's union
    // decoder printed a tag field's value to pick the member, and threw (a 500; patches/effect).
    const unprintable = shape.fields
      .map((field) => ({ field, body: withField(sample, field, { toString: 1, valueOf: 1 }) }))
      .filter(({ body }) => refused(body))
    it.each(unprintable)("$field holding an object no one can print ({toString: 1}) → 400", async ({ body }) => {
      expectBadRequest(await sendInvalid(endpoint, body))
    })

    /*
     * Unknown fields are dropped, never bound (DESIGN §2: the original client posts whole state
     * objects). Sent on a body the contract refuses for one of its own fields, so nothing is
     * written: the 400 names that field and never the unknown one. The database check at the end
     * and the per-resource suites (a stray `id` or `isActive` changes nothing) cover the rest.
     */
    const invalid = wrongTypeCases[0]
    const extras = extraFields.filter(([name]) => !shape.fields.includes(name))
    it.skipIf(invalid === undefined).each(extras)("unknown field %s is not an error and not bound", async (name, value) => {
      const body = { ...(JSON.parse(invalid!.body) as Record<string, unknown>), [name]: value }
      const response = await sendInvalid(endpoint, JSON.stringify(body))
      expectBadRequest(response, [invalid!.field])
      expect((response.json as BadRequestBody).issues.map((i) => i.path[0])).not.toContain(name)
    })
    it.skipIf(invalid === undefined)("an own __proto__ key is not an error and pollutes nothing", async () => {
      const body = withRawKey(JSON.parse(invalid!.body) as Record<string, unknown>, "__proto__", { role: "admin", isActive: false })
      const response = await sendInvalid(endpoint, body)
      expectBadRequest(response, [invalid!.field])
      expect((response.json as BadRequestBody).issues.map((i) => i.path[0])).not.toContain("__proto__")
    })

    it.each(shape.stringFields)("a 200 kB string in %s → 400 on it (or 413)", async (field) => {
      expectTooBig(await sendInvalid(endpoint, withField(sample, field, "x".repeat(200_000))), [field])
    })

    it("a 3 MB string in a field → 400 or 413", async () => {
      // Without a text field (user.getByIds takes a list), the string replaces the first field.
      const field = shape.stringFields[0] ?? shape.fields[0] ?? "relleno"
      expectTooBig(await sendInvalid(endpoint, withField(sample, field, "x".repeat(THREE_MB))))
    })

    /*
     * Exception 1 to "never send an accepted body": a NUL character is valid for the schema (a
     * string of bounded length) but PostgreSQL cannot store or compare it in text. Only text
     * fields; never password fields (they are hashed, so the body would be stored: a new user).
     * PostgreSQL refuses NUL in text, so a wrongly accepted body fails rather than writes.
     */
    const nulFields = shape.stringFields.filter((f) => !/password/i.test(f) && typeof sample[f] === "string")
    it.each(nulFields)("a NUL character in %s → a Spanish 4xx, never 500", async (field) => {
      const value = sample[field] as string
      const body = withField(sample, field, `${value.slice(0, 1) || "a"}\u0000${value.slice(1)}`)
      remember(endpoint, JSON.parse(body))
      const response = await post(endpoint, body)
      expect(response.status, response.text).toBeGreaterThanOrEqual(400)
      expect(response.status, response.text).toBeLessThan(500)
      expect(looksSpanish((response.json as { message?: unknown } | undefined)?.message)).toBe(true)
    })

    /*
     * Exception 2: the valid sample, form-encoded. Only where acceptance has no side effect: an
     * update of an unknown id (accepted → 404) and sign-in with unknown credentials (accepted →
     * 401). A JSON API that decodes HTML-form bodies can be driven by a cross-site <form> (a CORS
     * "simple request", no preflight).
     */
    const formSafe = endpoint.id === "auth.signIn" || endpoint.path.includes("/:")
    it.skipIf(!formSafe)("the valid sample form-encoded (x-www-form-urlencoded, multipart) → 400 or 415", async () => {
      const form = new URLSearchParams(Object.entries(sample).map(([k, v]): [string, string] => [k, typeof v === "string" ? v : JSON.stringify(v)]))
      const urlencoded = await post(endpoint, form.toString(), { "content-type": "application/x-www-form-urlencoded" })
      expect.soft([400, 415], `x-www-form-urlencoded: ${urlencoded.status} ${urlencoded.text}`).toContain(urlencoded.status)
      const multipart = new FormData()
      for (const [k, v] of form) multipart.append(k, v)
      const response = await post(endpoint, multipart)
      expect.soft([400, 415], `multipart/form-data: ${response.status} ${response.text}`).toContain(response.status)
    })
  })

  describe("(c) not an object", () => {
    const notJson = ["{nope", "<xml/>", "{'name':'x'}", "[1,2", '{"a":1}}', "undefined", "NaN", "\u0000", "\uFEFF{}"]
    it.each(notJson)("a body that is not JSON (%j) → 400", async (body) => {
      expectBadRequest(await sendInvalid(endpoint, body))
    })
    it("an empty body (content-type JSON) → 400", async () => {
      expectBadRequest(await sendInvalid(endpoint, ""))
    })
    it("no body and no content-type → 400", async () => {
      expectBadRequest(await post(endpoint, undefined))
    })
    it("the JSON literal null → 400", async () => {
      expectBadRequest(await sendInvalid(endpoint, "null"))
    })
  })
})

/*
 * Whole-body shapes. The body is read and JSON-parsed by the platform before any endpoint code
 * runs, the same way for every endpoint, so these run on two endpoints only (they take ~1 s each):
 * sign-in, which anyone can call without a token, and an admin write.
 */
const bodyTargets = withPayload.filter((e) => e.id === "auth.signIn" || e.id === "family.create")
describe.each(bodyTargets)("whole 3 MB bodies on $label", (endpoint) => {
  // Sign-in is public: these are sent without a token, as an anonymous attacker would.
  const postAs = (body: string) => (endpoint.access === null ? send(server.url, endpoint.method, endpoint.url, { body }) : sendInvalid(endpoint, body))
  it("one flat array of 1.5 M numbers → 400 or 413", async () => {
    expectTooBig(await postAs(`[${"0,".repeat(THREE_MB / 2)}0]`))
  })
  it("arrays nested 1.5 M deep → 400 or 413", async () => {
    expectTooBig(await postAs(`${"[".repeat(THREE_MB / 2)}${"]".repeat(THREE_MB / 2)}`))
  })
  it("30 k unknown fields with 100-character names → 400 or 413", async () => {
    const keys = Array.from({ length: 30_000 }, (_, i) => `"${String(i).padStart(6, "0")}${"k".repeat(94)}":0`).join(",")
    expectTooBig(await postAs(`{${keys}}`))
  })
})

/* Query strings: the same promise (bad input never yields 500, and speaks Spanish) for URL parameters. */
const withUrlParams = endpoints.filter((e): e is Endpoint & { urlParams: Schema.Schema.AnyNoContext } => e.urlParams !== null)
const queryValues = ["a\u0000b", "abc", "x".repeat(5_000), "-1", "1e309", "[]", "%", "' OR 1=1 --"]
describe.each(withUrlParams)("query string of $label", (endpoint) => {
  const params = shapeOf(endpoint.urlParams)?.fields ?? []
  it.each(params)("%s = NUL, words, 5000 chars, -1, 1e309, [], %, SQL-ish → < 500, a Spanish 400 when refused", async (param) => {
    for (const value of queryValues) {
      const response = await send(server.url, "GET", `${endpoint.url}?${new URLSearchParams({ [param]: value })}`, { token: admin })
      const shown = `${param}=${JSON.stringify(value.slice(0, 20))}`
      expect.soft(response.status, `${shown}: ${response.text.slice(0, 300)}`).toBeLessThan(500)
      if (response.status === 400) {
        const message = (response.json as { message?: unknown } | undefined)?.message
        expect.soft(looksSpanish(message), `${shown}: mensaje no está en español: ${String(message).slice(0, 200)}`).toBe(true)
      }
    }
  })
})

/*
 * Multipart uploads: the only non-JSON bodies the API accepts, each on an explicit allowlist. The
 * same promise: a Spanish 400 (413 for size) and never a write. Every form here lacks something the
 * upload needs or names no row, so nothing is stored.
 */
describe("multipart upload endpoints", () => {
  it("are exactly the allowlisted ones", () => {
    expect(uploads.map((e) => e.id)).toEqual(["retail.uploadLogo", "bulkLoad.addLeadFromExcel", "case.uploadDocument"])
  })
})

/** Each upload's form: the id fields it names rows by and its file field. */
const uploadForms: Readonly<
  Record<string, { readonly ids: readonly [string, ...Array<string>]; readonly file: string; readonly sample?: () => Promise<Uint8Array> }>
> = {
  "retail.uploadLogo": { ids: ["id"], file: "file" },
  // A real workbook: the roster's file is checked by its bytes before its ids are looked up.
  "bulkLoad.addLeadFromExcel": { ids: ["retail_id", "productPlan_id"], file: "file", sample: () => rosterWorkbook(["RUT"], []) },
  "case.uploadDocument": { ids: ["case_id", "document_id"], file: "files" }
}

describe.each(uploads)("$label (multipart/form-data)", (endpoint) => {
  const UNKNOWN = "7b0c1c5e-9d1a-4f4e-8a53-2f0f3c6d9e41"
  const { ids, file: fileField, sample } = uploadForms[endpoint.id]!
  const [idField] = ids
  const otherIds = ids.slice(1).map((field) => [field, UNKNOWN] as const)
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])
  const form = (entries: ReadonlyArray<readonly [string, string | Blob, string?]>) => {
    const data = new FormData()
    for (const [key, value, name] of entries) {
      if (typeof value === "string") data.append(key, value)
      else data.append(key, value, name)
    }
    return data
  }
  const file = (bytes: Uint8Array | string, type = "image/png") => new Blob([bytes], { type })

  it.each(["{}", "{nope", "null", ""])("a JSON body (%j) → 400", async (body) => {
    expectBadRequest(await post(endpoint, body))
  })
  it("no body and no content-type → 400", async () => {
    expectBadRequest(await post(endpoint, undefined))
  })
  it("the form URL-encoded → 400", async () => {
    expectBadRequest(await post(endpoint, `${idField}=${UNKNOWN}&${fileField}=x`, { "content-type": "application/x-www-form-urlencoded" }))
  })
  it("multipart without a boundary, or with garbage → 400", async () => {
    expectBadRequest(await post(endpoint, "garbage", { "content-type": "multipart/form-data" }))
    expectBadRequest(await post(endpoint, "--x\r\ngarbage", { "content-type": "multipart/form-data; boundary=x" }))
  })
  it("without the file → 400 on the file field; without the id → 400 on the id field", async () => {
    expectBadRequest(await post(endpoint, form([[idField, UNKNOWN], ...otherIds])), [fileField])
    expectBadRequest(await post(endpoint, form([...otherIds, [fileField, file(png), "logo.png"]])), [idField])
  })
  it("an id that is not a UUID → 400 on id", async () => {
    expectBadRequest(await post(endpoint, form([[idField, "' OR 1=1 --"], ...otherIds, [fileField, file(png), "logo.png"]])), [idField])
  })
  it("an unknown field, or two files → 400", async () => {
    expectBadRequest(await post(endpoint, form([[idField, UNKNOWN], ...otherIds, [fileField, file(png), "logo.png"], ["role", "admin"]])), ["role"])
    expectBadRequest(await post(endpoint, form([[idField, UNKNOWN], ...otherIds, [fileField, file(png), "a.png"], [fileField, file(png), "b.png"]])), [
      fileField
    ])
  })
  it("text or HTML named .png and declared image/png → 400 on file", async () => {
    expectBadRequest(await post(endpoint, form([[idField, UNKNOWN], ...otherIds, [fileField, file("hola, no soy una imagen"), "logo.png"]])), [fileField])
    expectBadRequest(await post(endpoint, form([[idField, UNKNOWN], ...otherIds, [fileField, file("<svg onload=alert(1)>", "image/svg+xml"), "logo.svg"]])), [
      fileField
    ])
  })
  it("a hostile file name (path traversal) is never used: the unknown id is what answers (404)", async () => {
    const bytes = sample === undefined ? png : await sample()
    for (const name of ["../../etc/passwd", "..", "/tmp/x.png", "C:\\Windows\\win.ini"]) {
      const response = await post(endpoint, form([[idField, UNKNOWN], ...otherIds, [fileField, file(bytes), name]]))
      expect(response.status, `${JSON.stringify(name)}: ${response.text}`).toBe(404)
    }
  })
  it("a NUL in the file name → 404 (name ignored) or a Spanish 400 (malformed part), never 500", async () => {
    const response = await post(endpoint, form([[idField, UNKNOWN], ...otherIds, [fileField, file(png), "a\u0000b.png"]]))
    expect([400, 404], response.text).toContain(response.status)
    if (response.status === 400) expectBadRequest(response)
  })
  it("a JSON content type on another endpoint still cannot be multipart (the allowlist is this path only)", async () => {
    const other = await send(server.url, "POST", "/api/family/create", { token: admin, body: form([["name", "X"]]) })
    expectBadRequest(other)
  })
})

describe("(c) after the barrage", () => {
  it("every master list is exactly as before", async () => {
    expect(masterLists.length).toBeGreaterThanOrEqual(9)
    expect(await listAll()).toEqual(before)
  })

  it("no account was created by any sign-up or user-creation body sent", async () => {
    console.info(`Credenciales enviadas a sign-up/createUser: ${sentCredentials.size}`)
    for (const { email, password } of sentCredentials.values()) {
      const response = await send(server.url, "POST", "/api/auth/local/sign-in", { body: JSON.stringify({ email, password }) })
      expect(response.status, `${email}: ${response.text}`).not.toBe(200)
    }
    // And a random address cannot sign in either (the check above would pass vacuously otherwise).
    const random = await send(server.url, "POST", "/api/auth/local/sign-in", {
      body: JSON.stringify({ email: `nadie-${Date.now()}@palma.cl`, password: "palma-demo" })
    })
    expect(random.status).toBe(401)
  })
})
