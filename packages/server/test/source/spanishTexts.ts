import { readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"
import ts from "typescript"

/** A source file as the scan reads it: its path (relative to packages/) and its text. */
export interface SourceFile {
  readonly path: string
  readonly text: string
}

/** Accented letters, Spanish punctuation, or a Spanish function word: what tells a Spanish text from code. */
const SPANISH = /[áéíóúñü¿¡«»]|(?:^|[\s(])(?:el|la|los|las|de|del|un|una|no|es|se|que|para|con|por|ya|su|sus)(?=[\s).,:;]|$)/i

/** The sources the scan reads: every .ts/.tsx under packages/<name>/src, tests left out. */
export const packageSources = (packagesDir: string): ReadonlyArray<SourceFile> => {
  const files: Array<SourceFile> = []
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
        files.push({ path: relative(packagesDir, path), text: readFileSync(path, "utf8") })
    }
  }
  for (const pkg of readdirSync(packagesDir, { withFileTypes: true })) {
    if (!pkg.isDirectory()) continue
    const src = join(packagesDir, pkg.name, "src")
    try {
      walk(src)
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e
    }
  }
  return files
}

/**
 * The Spanish texts a file writes: string literals, JSX text, and template literals with each
 * `${…}` written as `${}` (so `Debe tener como máximo ${max} caracteres` is one text wherever it is).
 * Module names in imports and exports are not texts.
 */
export const spanishTextsOf = (file: SourceFile, minLength: number): ReadonlySet<string> => {
  const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, false, file.path.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const texts = new Set<string>()
  const visit = (node: ts.Node): void => {
    let text: string | undefined
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text
    else if (ts.isTemplateExpression(node)) text = node.head.text + node.templateSpans.map((span) => "${}" + span.literal.text).join("")
    else if (ts.isJsxText(node)) text = node.text.replace(/\s+/g, " ").trim()
    if (text !== undefined && text.length >= minLength && SPANISH.test(text)) texts.add(text)
    ts.forEachChild(node, visit)
  }
  visit(source)
  return texts
}

/** Each Spanish text of at least `minLength` characters written in more than one file, with those files. */
export const repeatedTexts = (files: ReadonlyArray<SourceFile>, minLength: number): ReadonlyMap<string, ReadonlyArray<string>> => {
  const where = new Map<string, Array<string>>()
  for (const file of files) for (const text of spanishTextsOf(file, minLength)) where.set(text, [...(where.get(text) ?? []), file.path])
  return new Map([...where].filter(([, paths]) => paths.length > 1))
}
