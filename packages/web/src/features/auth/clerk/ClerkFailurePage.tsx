import { Button, Code, Text } from "@mantine/core"
import { FullPageMessage } from "../../../components/FullPageMessage"

export type ClerkFailure =
  | { readonly cause: "missing" }
  | { readonly cause: "invalid" }
  /** clerk-js could not be fetched from Clerk's Frontend API ("Failed to load Clerk"). */
  | { readonly cause: "unreachable"; readonly frontendApi: string | null }
  /** Clerk did not finish starting in time. */
  | { readonly cause: "timeout"; readonly frontendApi: string | null; readonly seconds: number }
  /** Clerk threw while starting. */
  | { readonly cause: "crashed"; readonly message: string }

const Host = ({ frontendApi }: { readonly frontendApi: string | null }) => (frontendApi === null ? <>el servidor de Clerk</> : <Code>{frontendApi}</Code>)

const explain = (failure: ClerkFailure) => {
  switch (failure.cause) {
    case "missing":
      return (
        <Text>
          Falta la clave publicable de Clerk. El servidor está configurado para ingresar con Clerk, pero no entregó la clave: configure{" "}
          <Code>CLERK_PUBLISHABLE_KEY</Code> (Clerk → API keys) y vuelva a iniciar el servidor.
        </Text>
      )
    case "invalid":
      return (
        <Text>
          La clave publicable de Clerk no es válida: debe comenzar con <Code>pk_test_</Code> o <Code>pk_live_</Code> y venir tal como la entrega Clerk (API
          keys). Corrija <Code>CLERK_PUBLISHABLE_KEY</Code> en el servidor.
        </Text>
      )
    case "unreachable":
      return (
        <Text>
          No se pudo cargar Clerk: el componente de ingreso (clerk-js) no se pudo descargar desde <Host frontendApi={failure.frontendApi} />. Revise la conexión
          a internet, que un firewall o bloqueador no impida el acceso a Clerk y que la clave publicable sea la correcta.
        </Text>
      )
    case "timeout":
      return (
        <Text>
          No se pudo cargar Clerk: después de {failure.seconds} segundos no respondió <Host frontendApi={failure.frontendApi} />. Revise la conexión a internet
          o que un firewall no impida el acceso a Clerk.
        </Text>
      )
    case "crashed":
      return (
        <Text>
          Clerk falló al iniciar: <Code>{failure.message}</Code>
        </Text>
      )
  }
}

/** A Clerk start-up failure, named in Spanish: never a blank screen. */
export const ClerkFailurePage = ({ failure }: { readonly failure: ClerkFailure }) => (
  <FullPageMessage
    title="No se pudo iniciar el ingreso"
    action={
      failure.cause === "missing" || failure.cause === "invalid" ? undefined : (
        <Button onClick={() => window.location.reload()} w="fit-content">
          Reintentar
        </Button>
      )
    }
  >
    {explain(failure)}
  </FullPageMessage>
)
