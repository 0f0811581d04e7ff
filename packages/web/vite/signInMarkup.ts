import { readFileSync } from "node:fs"
import type { Plugin } from "vite"

/**
 * Writes the sign-in form's styles and markup into the light sign-in page (`page`) in place of
 * `<!--sign-in-styles-->` and `<!--sign-in-form-->`: the form paints with the HTML alone, no script
 * or stylesheet to wait for.
 * The app's own /sign-in renders the same files (src/signIn/renderSignInForm.ts).
 */
export const signInMarkup = (page: string, markup: string, styles: string): Plugin => ({
  name: "palma-sign-in-markup",
  transformIndexHtml: {
    order: "pre",
    handler: (html, context) =>
      context.filename.endsWith(page)
        ? html
            .replace("<!--sign-in-styles-->", () => `<style>\n${readFileSync(styles, "utf8")}</style>`)
            .replace("<!--sign-in-form-->", () => readFileSync(markup, "utf8"))
        : html
  }
})
