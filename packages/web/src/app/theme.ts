import { type CSSVariablesResolver, type MantineColorsTuple, createTheme, DEFAULT_THEME, PasswordInput } from "@mantine/core"

/**
 * Mantine's teal with shades 6–9 darkened along the same hue, so everything drawn in the primary
 * colour passes WCAG AA (4.5:1): white on a filled button 5.1:1 (6) and 6.2:1 on hover (7), links
 * and outlines on white 5.1:1, the header's white title on shade 8 7.5:1. The light shades stay
 * Mantine's, so Palma keeps its look.
 */
const teal: MantineColorsTuple = ["#e6fcf5", "#c3fae8", "#96f2d7", "#63e6be", "#38d9a9", "#20c997", "#0b7d5e", "#0a6e53", "#085f48", "#064f3c"]

/** Red filled buttons (Eliminar) and error texts at 5.5:1 on white; Mantine's red 6 is 3.3:1. */
const red: MantineColorsTuple = ["#fff5f5", "#ffe3e3", "#ffc9c9", "#ffa8a8", "#ff8787", "#ff6b6b", "#c92a2a", "#b02525", "#962020", "#7d1b1b"]

/** Gray 6 is Mantine's "dimmed" text (secondary lines, pagination): 5.2:1 on white, 4.7:1 on gray 1. */
const [gray0, gray1, gray2, gray3, gray4, gray5, , gray7, gray8, gray9] = DEFAULT_THEME.colors.gray
const gray: MantineColorsTuple = [gray0, gray1, gray2, gray3, gray4, gray5, "#666d75", gray7, gray8, gray9]

export const theme = createTheme({
  primaryColor: "teal",
  colors: { teal, red, gray },
  defaultRadius: "md",
  components: {
    // Mantine's toggle is labelled in English; every control needs a Spanish accessible name.
    PasswordInput: PasswordInput.extend({
      defaultProps: { visibilityToggleButtonProps: { "aria-label": "Mostrar contraseña" } }
    })
  }
})

/**
 * Placeholders in dimmed gray (5.2:1) rather than Mantine's gray 5 (2.1:1): a file picker's
 * "Elegir imagen…" is the only text its field shows.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { "--mantine-color-placeholder": "var(--mantine-color-gray-6)" },
  dark: {}
})
