import { Avatar } from "@mantine/core"

interface RetailLogoProps {
  readonly name: string
  /** Where the logo is (this server's `/api/retail/logo/{id}` or a URL); initials without one. */
  readonly src: string | null
  readonly size?: number
}

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join("")

/** A retail's logo, or its initials when it has none (or the image cannot be shown). */
export const RetailLogo = ({ name, src, size = 32 }: RetailLogoProps) => (
  <Avatar src={src} alt={`Logo de ${name}`} size={size} radius="sm" color="teal" imageProps={{ style: { objectFit: "contain" } }}>
    {initialsOf(name)}
  </Avatar>
)
