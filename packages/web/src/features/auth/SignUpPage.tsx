import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from "@mantine/core"
import { schemaResolver, useForm } from "@mantine/form"
import { type SignUpDetails, SignUpInput } from "@palma/core"
import { Schema } from "effect"
import { lazy, Suspense, useState } from "react"
import { Link, useLocation } from "react-router"
import { PageLoader } from "../../components/PageLoader"
import { AuthCard } from "./AuthCard"
import { useAuthMode, useSignUpAllowed } from "./AuthMode"
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
  const { error, busy, signUp } = useAuth()
  // The machine keeps its last error; show it only for an attempt made on this page.
  const [submitted, setSubmitted] = useState(false)
  const form = useForm<SignUpDetails>({ mode: "uncontrolled", initialValues: { fullName: "", email: "", password: "" }, validate })

  return (
    <AuthCard title="Crear cuenta">
      <form
        noValidate
        onSubmit={form.onSubmit((details) => {
          setSubmitted(true)
          signUp(details)
        })}
      >
        <Stack>
          {submitted && error !== null && <Alert color="red">{error}</Alert>}
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
