import { Alert } from "@mantine/core"
import { Component, type ReactNode } from "react"

interface State {
  readonly failed: boolean
}

/**
 * Keeps a viewer that fails (its code could not be downloaded, or pdf.js broke) inside the
 * dialog: the page and its list stay usable.
 */
export class ViewerBoundary extends Component<{ readonly children: ReactNode }, State> {
  override state: State = { failed: false }

  static getDerivedStateFromError(): State {
    return { failed: true }
  }

  override render() {
    return this.state.failed ? (
      <Alert color="red" title="No se pudo mostrar el contrato">
        Cierre esta ventana e intente de nuevo.
      </Alert>
    ) : (
      this.props.children
    )
  }
}
