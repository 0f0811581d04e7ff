import { createBrowserRouter } from "react-router"
import { PageLoader } from "../components/PageLoader"
import { GuestOnly } from "../features/auth/GuestOnly"
import { RequireSession } from "../features/auth/RequireSession"
import { SignInPage } from "../features/auth/SignInPage"
import { SignUpPage } from "../features/auth/SignUpPage"
import { HomePage } from "../features/home/HomePage"
import { loadAuthConfig, Root } from "./Root"
import { RouteError } from "./RouteError"

export const createAppRouter = () =>
  createBrowserRouter([
    {
      loader: loadAuthConfig,
      // The auth mode never changes while the page lives; session changes revalidate only the pages.
      shouldRevalidate: () => false,
      element: <Root />,
      hydrateFallbackElement: <PageLoader />,
      errorElement: <RouteError />,
      children: [
        {
          element: <GuestOnly />,
          children: [
            { path: "sign-in", element: <SignInPage /> },
            { path: "sign-up", element: <SignUpPage /> }
          ]
        },
        {
          element: <RequireSession />,
          children: [{ index: true, element: <HomePage /> }]
        }
      ]
    }
  ])
