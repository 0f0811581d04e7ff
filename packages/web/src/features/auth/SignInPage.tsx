import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from "@mantine/core"
import { schemaResolver, useForm } from "@mantine/form"
import { type Credentials, SignInInput } from "@palma/core"
import { Schema } from "effect"
import { lazy, Suspense, useState } from "react"
import { Link, useLocation } from "react-router"
import { PageLoader } from "../../components/PageLoader"
import { AuthCard } from "./AuthCard"
import { useAuthMode, useSignUpAllowed } from "./AuthMode"
import { emailOf } from "./returnTo"
import { useAuth } from "../../lib/auth/useAuth"

// The contract's own schema, so the form says exactly what the server would.
const validate = schemaResolver(Schema.standardSchemaV1(SignInInput), { sync: true })

const ClerkSignIn = lazy(() => import("./clerk/ClerkRoot").then((m) => ({ default: m.ClerkSignInPage })))

/** Clerk's form when the server uses Clerk, the local form otherwise. */
export const SignInPage = () =>
  useAuthMode() === "clerk" ? (
    <Suspense fallback={<PageLoader />}>
      <ClerkSignIn />
    </Suspense>
  ) : (
    <LocalSignInPage />
  )

const LocalSignInPage = () => {
  const { error, notice, busy, signIn } = useAuth()
  const location = useLocation()
  const signUpAllowed = useSignUpAllowed()
  // The machine keeps its last error; show it only for an attempt made on this page.
  const [submitted, setSubmitted] = useState(false)
  // After a sign-up: the email it was made with.
  const form = useForm<Credentials>({ mode: "uncontrolled", initialValues: { email: emailOf(location.state), password: "" }, validate })

  return (
    <AuthCard title="Iniciar sesión">
      <form
        noValidate
        onSubmit={form.onSubmit((credentials) => {
          setSubmitted(true)
          signIn(credentials)
        })}
      >
        <Stack>
          {submitted && error !== null && <Alert color="red">{error}</Alert>}
          {!submitted && notice !== null && <Alert color="blue">{notice}</Alert>}
          <TextInput label="Correo electrónico" type="email" autoComplete="email" key={form.key("email")} {...form.getInputProps("email")} />
          <PasswordInput label="Contraseña" autoComplete="current-password" key={form.key("password")} {...form.getInputProps("password")} />
          <Button type="submit" loading={busy}>
            Ingresar
          </Button>
        </Stack>
      </form>
      {signUpAllowed ? (
        <Text size="sm">
          ¿No tiene cuenta?{" "}
          <Anchor component={Link} to="/sign-up" state={location.state}>
            Crear cuenta
          </Anchor>
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          ¿No tiene cuenta? Pida a un administrador de Palma que le cree una.
        </Text>
      )}
    </AuthCard>
  )
}
