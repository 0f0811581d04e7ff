/**
 * Keeps an example placeholder ("12.345.678-5") in its gray when the field is marked invalid:
 * Mantine paints it red, and an empty field then looks as if a wrong value were typed in it.
 */
export const examplePlaceholder = { input: { "--input-placeholder-color": "var(--mantine-color-placeholder)" } }
