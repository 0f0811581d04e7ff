import { chileDateOf } from "./time.js"

/** A backup's file name, by the day it was made in Chile: `palma-2026-05-01.tar.gz`. */
export const backupFileName = (madeAt: Date): string => `palma-${chileDateOf(madeAt)}.tar.gz`
