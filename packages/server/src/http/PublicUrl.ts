import { Context, Layer } from "effect"

/**
 * Where clients reach this server (`PALMA_PUBLIC_URL`'s origin, no trailing slash). Links the
 * server hands out are absolute from it: the original client opens them from its own origin.
 */
export class PublicUrl extends Context.Tag("palma/PublicUrl")<PublicUrl, string>() {
  static readonly layer = (url: string) => Layer.succeed(PublicUrl, url)
}
