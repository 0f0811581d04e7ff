/**
 * A PGlite cluster as a tar that PGlite's `loadDataDir` takes back (and `tar -x` reads), read file
 * by file out of PGlite's own file system (Emscripten's, over the data dir on disk or in memory):
 * files a copy does not need are never read, and the tar is made of headers and the files' own
 * bytes, never copied into one buffer. PGlite's `dumpDataDir` reads every file, builds the tar and
 * copies it into a Blob: several copies of the cluster at once (a copy of the demo database, 94 MB
 * with its spare WAL, took the server from 333 to 718 MB).
 */

/** What is read of Emscripten's FS (PGlite's `Module.FS`, which its declarations leave untyped). */
export interface ClusterFs {
  readdir(path: string): Array<string>
  stat(path: string): { readonly mode: number; readonly mtime: Date }
  isDir(mode: number): boolean
  isFile(mode: number): boolean
  readFile(path: string, options: { encoding: "binary" }): Uint8Array
}

const BLOCK = 512
const encoder = new TextEncoder()

/** A ustar header; a PostgreSQL cluster's paths (`base/16384/2608_fsm`) fit its 100-byte name. */
const header = (path: string, mode: number, size: number, mtime: Date, folder: boolean): Uint8Array => {
  const name = encoder.encode(path)
  if (name.byteLength > 100) throw new Error(`A cluster path longer than a tar name: ${path}`)
  const block = new Uint8Array(BLOCK)
  // Numbers in octal, NUL-terminated, filling their field.
  const octal = (offset: number, length: number, value: number) => block.set(encoder.encode(`${value.toString(8).padStart(length - 1, "0")}\0`), offset)
  block.set(name, 0)
  octal(100, 8, mode & 0o7777)
  octal(108, 8, 0)
  octal(116, 8, 0)
  octal(124, 12, size)
  octal(136, 12, Math.floor(mtime.getTime() / 1000))
  block.set(encoder.encode(folder ? "5" : "0"), 156)
  block.set(encoder.encode("ustar\u000000"), 257)
  // The checksum is the sum of the header's bytes with its own field read as spaces.
  block.fill(0x20, 148, 156)
  const sum = block.reduce((total, byte) => total + byte, 0)
  block.set(encoder.encode(`${sum.toString(8).padStart(6, "0")}\0 `), 148)
  return block
}

/**
 * The tar of every folder and regular file under `root` (by path from it, a folder before what it
 * holds) but those `skip` names, as consecutive byte ranges ending in the two empty blocks, each in
 * a buffer of its own (so they can be handed to another thread without a copy). Read in one go on
 * the database's own thread (./pgliteWorker.ts), which nothing else uses meanwhile.
 */
export const clusterTar = (fs: ClusterFs, root: string, skip: (path: string) => boolean): ReadonlyArray<Uint8Array> => {
  const parts: Array<Uint8Array> = []
  const folders = [""]
  for (let folder = folders.pop(); folder !== undefined; folder = folders.pop()) {
    for (const name of fs.readdir(`${root}/${folder}`)) {
      const path = folder === "" ? name : `${folder}/${name}`
      if (name === "." || name === ".." || skip(path)) continue
      const { mode, mtime } = fs.stat(`${root}/${path}`)
      if (fs.isDir(mode)) {
        parts.push(header(path, mode, 0, mtime, true))
        folders.push(path)
      } else if (fs.isFile(mode)) {
        const data = fs.readFile(`${root}/${path}`, { encoding: "binary" })
        parts.push(header(path, mode, data.byteLength, mtime, false), data, new Uint8Array((BLOCK - (data.byteLength % BLOCK)) % BLOCK))
      }
    }
  }
  parts.push(new Uint8Array(2 * BLOCK))
  return parts
}
