import { Center, Loader } from "@mantine/core"

/** Whole-page wait, announced to screen readers. */
export const PageLoader = ({ label = "Cargando" }: { readonly label?: string }) => (
  <Center mih="100dvh">
    <Loader role="status" aria-label={label} />
  </Center>
)
