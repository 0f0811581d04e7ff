import type { Role } from "@palma/core"
import { assistanceMenu } from "./routes/assistanceRoutes"
import { entityMenu } from "./routes/entityRoutes"
import { masterMenu } from "./routes/masterRoutes"
import { reportMenu } from "./routes/reportRoutes"
import { uploadMenu } from "./routes/uploadRoutes"
import type { IconName } from "./shell/icons"

/**
 * The one declaration of what each role may open. The sidebar, the route guards, the header's
 * page title and Inicio's quick links all read it. A module is listed once its screen exists:
 * never as a placeholder page.
 */
export interface MenuItem {
  readonly label: string
  /** Absolute path of the screen. */
  readonly path: string
  /** Narrower than the section's roles, when set. */
  readonly roles?: ReadonlyArray<Role>
  /** false: an administration screen Inicio does not offer as a quick link (Usuarios). */
  readonly quickLink?: boolean
}

export interface MenuSection {
  readonly id: string
  readonly label: string
  readonly icon: IconName
  readonly roles: ReadonlyArray<Role>
  /** A section that is itself a screen (Inicio). */
  readonly path?: string
  readonly items: ReadonlyArray<MenuItem>
}

const everyRole: ReadonlyArray<Role> = ["user", "moderator", "admin"]
const adminOnly: ReadonlyArray<Role> = ["admin"]

export const menu: ReadonlyArray<MenuSection> = [
  { id: "home", label: "Inicio", icon: "home", roles: everyRole, path: "/", items: [] },
  {
    id: "masters",
    label: "Maestros",
    icon: "masters",
    roles: adminOnly,
    items: [...masterMenu.map(({ label, path }) => ({ label, path: path.startsWith("/") ? path : `/${path}` }))]
  },
  {
    id: "entities",
    label: "Entidades",
    icon: "entities",
    roles: adminOnly,
    items: [...entityMenu.map(({ label, path, quickLink }) => ({ label, path: `/${path}`, quickLink }))]
  },
  {
    id: "assistance",
    label: "Asistencia",
    icon: "assistance",
    roles: everyRole,
    items: [...assistanceMenu.map(({ label, path }) => ({ label, path: `/${path}` }))]
  },
  {
    id: "reports",
    label: "Reportes",
    icon: "reports",
    roles: adminOnly,
    items: reportMenu.map(({ label, path }) => ({ label, path: `/${path}` }))
  },
  {
    id: "uploads",
    label: "Gestión de Subidas",
    icon: "uploads",
    roles: adminOnly,
    items: uploadMenu.map(({ label, path }) => ({ label, path: `/${path}` }))
  }
]

export type SectionId = (typeof menu)[number]["id"]

const rolesOf = (section: MenuSection, item: MenuItem): ReadonlyArray<Role> => item.roles ?? section.roles

/** The sections and items a role sees; nothing without a role. */
export const menuFor = (role: Role | null): ReadonlyArray<MenuSection> =>
  role === null
    ? []
    : menu
        .filter((section) => section.roles.includes(role))
        .map((section) => ({ ...section, items: section.items.filter((item) => rolesOf(section, item).includes(role)) }))

/** The section declared with this id; a typo in the router fails at start-up, not silently. */
export const sectionById = (id: string): MenuSection => {
  const section = menu.find((s) => s.id === id)
  if (section === undefined) throw new Error(`No existe la sección de menú "${id}"`)
  return section
}

const matches = (path: string, pathname: string) => pathname === path || (path !== "/" && pathname.startsWith(`${path}/`))

interface Entry {
  readonly label: string
  readonly path: string
  readonly roles: ReadonlyArray<Role>
}

const entries: ReadonlyArray<Entry> = menu.flatMap((section) => [
  ...(section.path === undefined ? [] : [{ label: section.label, path: section.path, roles: section.roles }]),
  ...section.items.map((item) => ({ label: item.label, path: item.path, roles: rolesOf(section, item) }))
])

/** The menu entry of a page (its own path or the closest parent path), if the menu names it. */
export const entryFor = (pathname: string): Entry | undefined =>
  entries.filter((entry) => matches(entry.path, pathname)).sort((a, b) => b.path.length - a.path.length)[0]

/** Whether `role` may open `pathname`; pages the menu does not name fall back to `fallback`. */
export const canOpen = (role: Role | null, pathname: string, fallback: ReadonlyArray<Role>): boolean =>
  role !== null && (entryFor(pathname)?.roles ?? fallback).includes(role)

/** The page title shown in the header. */
export const titleFor = (pathname: string): string => entryFor(pathname)?.label ?? "Palma"

export interface QuickLink {
  readonly label: string
  readonly path: string
  readonly section: string
  readonly icon: IconName
}

/** What Inicio offers a role: every screen it may open, besides Inicio itself. */
export const quickLinksFor = (role: Role | null): ReadonlyArray<QuickLink> =>
  menuFor(role).flatMap((section) =>
    section.items.flatMap((item) => (item.quickLink === false ? [] : [{ label: item.label, path: item.path, section: section.label, icon: section.icon }]))
  )
