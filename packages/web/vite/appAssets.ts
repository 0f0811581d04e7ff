import type { Plugin, Rollup } from "vite"

type OutputBundle = Rollup.OutputBundle
type OutputChunk = Rollup.OutputChunk

const isChunk = (output: OutputBundle[string] | undefined): output is OutputChunk => output?.type === "chunk"

/** The files the app's entry needs before it runs: its chunk, the chunks it imports statically (transitively), their styles. */
const entryFiles = (bundle: OutputBundle, entry: OutputChunk): ReadonlyArray<string> => {
  const files = new Set<string>()
  const visit = (chunk: OutputChunk) => {
    if (files.has(chunk.fileName)) return
    files.add(chunk.fileName)
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css)
    for (const imported of chunk.imports) {
      const next = bundle[imported]
      if (isChunk(next)) visit(next)
    }
  }
  visit(entry)
  return [...files]
}

/**
 * Lists the files of the app's page (`appEntry`, its HTML) in the light sign-in page (`page`) as a `<template id="app-assets">`
 * of prefetch links, which src/signIn/prefetchApp.ts adds once the page has loaded.
 */
export const appAssets = (page: string, appEntry: string): Plugin => ({
  name: "palma-app-assets",
  apply: "build",
  transformIndexHtml: {
    order: "post",
    handler: (_html, context) => {
      if (!context.filename.endsWith(page) || context.bundle === undefined) return
      const bundle = context.bundle
      const entry = Object.values(bundle).find((output) => isChunk(output) && output.isEntry && output.facadeModuleId?.endsWith(appEntry) === true)
      if (!isChunk(entry)) throw new Error(`El build no tiene la entrada ${appEntry}`)
      return [
        {
          tag: "template",
          attrs: { id: "app-assets" },
          children: entryFiles(bundle, entry).map((file) => ({ tag: "link", attrs: { rel: "prefetch", href: `/${file}`, crossorigin: "" } })),
          injectTo: "body"
        }
      ]
    }
  }
})
