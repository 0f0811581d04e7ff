import { prefetchApp } from "./prefetchApp"
import { startSignInPage } from "./signInPage"

/**
 * The light sign-in page's entry (sign-in.html, sent at /sign-in in local mode): the form without
 * the app's runtime (Effect's client, Mantine, the router), so a first visit paints at once, and
 * the app's files fetched meanwhile.
 */
const root = document.getElementById("root")
if (root === null) throw new Error("Falta el elemento #root en sign-in.html")
startSignInPage(root, location)
prefetchApp()
