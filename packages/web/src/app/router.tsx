import { createBrowserRouter } from "react-router"
import { PageLoader } from "../components/PageLoader"
import { GuestOnly } from "../features/auth/GuestOnly"
import { RequireSession } from "../features/auth/RequireSession"
import { SignInPage } from "../features/auth/SignInPage"
import { SignUpPage } from "../features/auth/SignUpPage"
import { assistanceRoutes } from "./routes/assistanceRoutes"
import { entityRoutes } from "./routes/entityRoutes"
import { HomePage } from "./HomePage"
import { masterRoutes } from "./routes/masterRoutes"
import { reportRoutes } from "./routes/reportRoutes"
import { uploadRoutes } from "./routes/uploadRoutes"
import { guardedSection } from "./shell/RequireAccess"
import { Shell } from "./shell/Shell"
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
          // Clerk's forms keep their steps under these paths (/sign-in/factor-one…).
          children: [
            { path: "sign-in/*", element: <SignInPage /> },
            { path: "sign-up/*", element: <SignUpPage /> }
          ]
        },
        {
          element: <RequireSession />,
          children: [
            {
              element: <Shell />,
              children: [
                {
                  // A screen that fails shows its error inside the layout.
                  errorElement: <RouteError />,
                  children: [
                    { index: true, element: <HomePage /> },
                    guardedSection("masters", masterRoutes),
                    guardedSection("entities", entityRoutes),
                    guardedSection("assistance", assistanceRoutes),
                    guardedSection("reports", reportRoutes),
                    guardedSection("uploads", uploadRoutes)
                  ]
                }
              ]
            }
          ]
        }
      ]
    }
  ])
