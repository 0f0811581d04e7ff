import { Rut } from "@palma/core"

/** A RUT as people read it, dotted ("12.345.678-5") whatever its spelling, never broken across two lines. */
export const RutText = ({ rut }: { readonly rut: string }) => <span style={{ whiteSpace: "nowrap" }}>{Rut.format(rut)}</span>
