import { Button } from "@mantine/core"
import { ApiFailure } from "@palma/core"
import { isRouteErrorResponse, Link, useRouteError } from "react-router"
import { FullPageMessage } from "../components/FullPageMessage"

/** What the app shows when a route fails to load or render, or does not exist. */
export const RouteError = () => {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <FullPageMessage
        title="Página no encontrada"
        action={
          <Button component={Link} to="/">
            Ir al inicio
          </Button>
        }
      >
        La dirección que abrió no existe en Palma.
      </FullPageMessage>
    )
  }
  return (
    <FullPageMessage title="No se pudo cargar Palma" action={<Button onClick={() => window.location.reload()}>Reintentar</Button>}>
      {error instanceof ApiFailure ? error.message : "Ocurrió un error inesperado. Intente de nuevo."}
    </FullPageMessage>
  )
}
