import { lazy, Suspense, useEffect, useRef, useState } from "react"
import { useLocation, useNavigate } from "react-router"
import { PageLoader } from "../../components/PageLoader"
import { renderSignInForm } from "../../signIn/renderSignInForm"
import { wireSignInForm } from "../../signIn/signInForm"
import { useAuthMode, useSignUpAllowed } from "./AuthMode"
import { emailOf } from "./returnTo"
import { useAuth } from "../../lib/auth/useAuth"

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

/**
 * The light sign-in page's own form (src/signIn), shown inside the app after a sign-out, an ended
 * session or a sign-up; its attempts go through the auth machine. Once signed in, GuestOnly moves on.
 */
const LocalSignInPage = () => {
  const { notice, signIn } = useAuth()
  const location = useLocation()
  const navigate = useNavigate()
  const signUpAllowed = useSignUpAllowed()
  const container = useRef<HTMLDivElement>(null)
  // What the page opened with: after a sign-up, its email and the server's message.
  const [start] = useState(() => ({ email: emailOf(location.state), notice, state: location.state as unknown }))
  // The latest sign-in of the auth context, for a form mounted once.
  const send = useRef(signIn)
  useEffect(() => {
    send.current = signIn
  })

  useEffect(() => {
    const root = container.current
    if (root === null) return
    renderSignInForm(root)
    const form = wireSignInForm(root, {
      email: start.email,
      notice: start.notice,
      submit: (email, password) => send.current({ email: email.trim(), password }),
      openSignUp: () => void navigate("/sign-up", { state: start.state })
    })
    form.setSignUpAllowed(signUpAllowed)
    return () => root.replaceChildren()
  }, [navigate, signUpAllowed, start])

  return <div ref={container} />
}
