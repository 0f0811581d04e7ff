import { fromPromise, type NonReducibleUnknown } from "xstate"

/**
 * The stand-in for an actor the host must provide (`machine.provide({ actors })`): a machine set up
 * without it fails at once, naming what is missing, instead of waiting forever.
 */
export const unprovided = <Output, Input = NonReducibleUnknown>(name: string) =>
  fromPromise<Output, Input>(async () => {
    throw new Error(`${name} no configurado`)
  })
