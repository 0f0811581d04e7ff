/** Polls `probe` until it gives a value; fails, naming `what`, if none comes within `timeoutMs` (a deadline, not a timing assertion). */
export const until = async <A>(what: string, probe: () => Promise<A | undefined>, timeoutMs = 60_000): Promise<A> => {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = await probe()
    if (found !== undefined) return found
    if (Date.now() > deadline) throw new Error(`Sin ${what} a tiempo`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
