import { prefetchApp } from "./prefetchApp"
import { startSignInPage } from "./signInPage"

/**
 * The light sign-in page's entry (sign-in.html, sent at /sign-in in local mode): the form's
 * behaviour without the app's runtime (Effect's client, Mantine, the router), and the app's files
 * fetched while the person types.
 */
startSignInPage(document, location)
prefetchApp()
