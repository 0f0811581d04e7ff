import { createTheme, PasswordInput } from "@mantine/core"

export const theme = createTheme({
  primaryColor: "teal",
  defaultRadius: "md",
  components: {
    // Mantine's toggle is labelled in English; every control needs a Spanish accessible name.
    PasswordInput: PasswordInput.extend({
      defaultProps: { visibilityToggleButtonProps: { "aria-label": "Mostrar contraseña" } }
    })
  }
})
