import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from "@mantine/core"
import { schemaResolver, useForm } from "@mantine/form"
import { type SignUpDetails, SignUpInput } from "@palma/core"
import { Schema } from "effect"
import { lazy, Suspense, useState } from "react"
import { Link, Navigate, useLocation } from "react-router"
import { PageLoader } from "../../components/PageLoader"
import { AuthCard } from "./AuthCard"
import { useAuthMode, useSignUpAllowed } from "./AuthMode"
import { withEmail } from "./returnTo"
import { useAuth } from "../../lib/auth/useAuth"

// The contract's own schema, so the form says exactly what the server would.
const validate = schemaResolver(Schema.standardSchemaV1(SignUpInput), { sync: true })

const ClerkSignUp = lazy(() => import("./clerk/ClerkRoot").then((m) => ({ default: m.ClerkSignUpPage })))

/** Clerk's form when the server uses Clerk, the local form otherwise. */
export const SignUpPage = () =>
  useAuthMode() === "clerk" ? (
    <Suspense fallback={<PageLoader />}>
      <ClerkSignUp />
    </Suspense>
  ) : (
    <LocalSignUpPage />
  )

/** With sign-up off (PALMA_SIGN_UP=0) an address typed by hand says so instead of a form the server refuses. */
const LocalSignUpPage = () => (useSignUpAllowed() ? <SignUpForm /> : <SignUpClosed />)

const SignInLink = () => {
  const location = useLocation()
  return (
    <Text size="sm">
      ¿Ya tiene cuenta?{" "}
      <Anchor component={Link} to="/sign-in" state={location.state}>
        Ingresar
      </Anchor>
    </Text>
  )
}

const SignUpClosed = () => (
  <AuthCard title="Crear cuenta">
    <Alert color="blue">La creación de cuentas está desactivada. Pida a un administrador de Palma que le cree una cuenta.</Alert>
    <SignInLink />
  </AuthCard>
)

const SignUpForm = () => {
  const { error, notice, busy, signUp } = useAuth()
  const location = useLocation()
  // The email of an attempt made on this page: the machine keeps its last error and notice.
  const [submitted, setSubmitted] = useState<string | null>(null)
  const form = useForm<SignUpDetails>({ mode: "uncontrolled", initialValues: { fullName: "", email: "", password: "" }, validate })

  // Accepted, whether the email was new or not: the person signs in next, the email already typed.
  if (submitted !== null && notice !== null) return <Navigate to="/sign-in" replace state={withEmail(location.state, submitted)} />

  return (
    <AuthCard title="Crear cuenta">
      <form
        noValidate
        onSubmit={form.onSubmit((details) => {
          setSubmitted(details.email)
          signUp(details)
        })}
      >
        <Stack>
          {submitted !== null && error !== null && <Alert color="red">{error}</Alert>}
          <TextInput label="Nombre completo" autoComplete="name" key={form.key("fullName")} {...form.getInputProps("fullName")} />
          <TextInput label="Correo electrónico" type="email" autoComplete="email" key={form.key("email")} {...form.getInputProps("email")} />
          <PasswordInput
            label="Contraseña"
            description="Al menos 8 caracteres"
            autoComplete="new-password"
            key={form.key("password")}
            {...form.getInputProps("password")}
          />
          <Button type="submit" loading={busy}>
            Crear cuenta
          </Button>
        </Stack>
      </form>
      <SignInLink />
    </AuthCard>
  )
}
