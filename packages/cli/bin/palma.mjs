#!/usr/bin/env node
// The workspace ships TypeScript sources; tsx compiles them as they load.
import { register } from "tsx/esm/api"

register()
await import("../src/main.ts")
