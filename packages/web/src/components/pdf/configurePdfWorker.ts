import { pdfjs } from "react-pdf"
// pdf.js parses PDFs in a web worker. The worker file ships with pdfjs-dist (pinned to react-pdf's
// version); `?url` makes Vite copy it into dist/assets and hand back its same-origin URL, so nothing
// is fetched from a CDN (and the build fails outright if the file is missing).
import pdfWorkerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url"

/** Where pdf.js loads its worker from: an asset of this app. */
export const pdfWorkerSrc: string = pdfWorkerUrl

pdfjs.GlobalWorkerOptions.workerSrc = pdfWorkerSrc
