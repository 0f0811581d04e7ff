/** The platform's floor as a reference server (effectFloor.ts), same IPC protocol as bareServer.ts (referenceChild.ts). */
import { serveFloor } from "./effectFloor.ts"
import { serveParentRoutes } from "./referenceChild.ts"

serveParentRoutes((routes) => serveFloor(routes))
