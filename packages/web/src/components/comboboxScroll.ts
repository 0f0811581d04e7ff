import type { ScrollAreaProps } from "@mantine/core"

/**
 * A select's long list scrolls in a region the keyboard can reach (WCAG 2.1.1, axe's
 * scrollable-region-focusable); the options themselves still follow the input's arrow keys.
 */
export const focusableScroll: ScrollAreaProps = { viewportProps: { tabIndex: 0 } }
