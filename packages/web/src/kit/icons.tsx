import type { SVGProps } from "react"

/** Small stroke icons (Tabler's shapes), decorative only: controls carry their own names. */
const Icon = ({ children, size = 16, ...props }: SVGProps<SVGSVGElement> & { readonly size?: number }) => (
  <svg
    xmlns="http://www.w3.org/2000/svg"
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
    {...props}
  >
    {children}
  </svg>
)

export const SearchIcon = () => (
  <Icon>
    <circle cx="10" cy="10" r="7" />
    <path d="M21 21l-6-6" />
  </Icon>
)

export const PlusIcon = () => (
  <Icon>
    <path d="M12 5v14M5 12h14" />
  </Icon>
)

export const EditIcon = () => (
  <Icon size={14}>
    <path d="M4 20h4L18.5 9.5a2.83 2.83 0 0 0-4-4L4 16v4" />
    <path d="M13.5 6.5l4 4" />
  </Icon>
)

export const TrashIcon = () => (
  <Icon size={14}>
    <path d="M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v3" />
  </Icon>
)

export const SortIcon = ({ direction }: { readonly direction: "asc" | "desc" | null }) => (
  <Icon size={14} opacity={direction === null ? 0.35 : 1}>
    {direction !== "desc" && <path d="M8 10l4-4 4 4" />}
    {direction !== "asc" && <path d="M8 14l4 4 4-4" />}
  </Icon>
)

export const EmptyIcon = () => (
  <Icon size={28}>
    <path d="M4 4h16v16H4zM4 9h16M9 20V9" />
  </Icon>
)

export const ArrowUpIcon = () => (
  <Icon>
    <path d="M12 19V5M6 11l6-6 6 6" />
  </Icon>
)

export const ArrowDownIcon = () => (
  <Icon>
    <path d="M12 5v14M6 13l6 6 6-6" />
  </Icon>
)

export const XIcon = () => (
  <Icon>
    <path d="M18 6L6 18M6 6l12 12" />
  </Icon>
)
