#!/usr/bin/env node
// The built CLI (`pnpm install` and `pnpm build` make it; see scripts/bundle.mjs).
await import("../dist/main.js")
