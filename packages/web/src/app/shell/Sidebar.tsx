import { ActionIcon, AppShell, Group, NavLink, ScrollArea, Stack, Text, Tooltip } from "@mantine/core"
import type { Session } from "@palma/core"
import { Link, useLocation } from "react-router"
import { displayName } from "../../lib/auth/displayName"
import { Icon } from "./icons"
import type { MenuItem, MenuSection } from "../menu"
import { UserMenu } from "./UserMenu"

/** Width of the sidebar: a strip of icons, or open with labels over the page. */
export const sidebarWidth = { narrow: 64, wide: 280 } as const

interface SidebarProps {
  readonly session: Session
  readonly sections: ReadonlyArray<MenuSection>
  readonly opened: boolean
  /** Sections unfolded while open. */
  readonly expanded: ReadonlySet<string>
  readonly onToggleSection: (id: string) => void
  /** Opens the sidebar with a section unfolded (from the icon strip). */
  readonly onOpenSection: (id: string) => void
  readonly onClose: () => void
}

const isActive = (path: string, pathname: string) => pathname === path || (path !== "/" && pathname.startsWith(`${path}/`))

const ItemLink = ({ item, pathname, onClose }: { readonly item: MenuItem; readonly pathname: string; readonly onClose: () => void }) => (
  <NavLink
    component={Link}
    to={item.path}
    label={item.label}
    active={isActive(item.path, pathname)}
    aria-current={pathname === item.path ? "page" : undefined}
    onClick={onClose}
  />
)

/** The sidebar of people with an operaciones role. */
export const Sidebar = ({ session, sections, opened, expanded, onToggleSection, onOpenSection, onClose }: SidebarProps) => {
  const { pathname } = useLocation()
  const name = displayName(session.user)

  return (
    <AppShell.Navbar
      id="sidebar"
      aria-label="Menú principal"
      style={{
        width: opened ? sidebarWidth.wide : sidebarWidth.narrow,
        zIndex: opened ? 210 : undefined,
        transition: "width 150ms ease",
        boxShadow: opened ? "var(--mantine-shadow-xl)" : undefined
      }}
    >
      <AppShell.Section grow component={ScrollArea} p={opened ? "xs" : 10}>
        {opened ? (
          <Stack gap={2}>
            {sections.map((section) =>
              section.path !== undefined ? (
                <NavLink
                  key={section.id}
                  component={Link}
                  to={section.path}
                  label={section.label}
                  leftSection={<Icon name={section.icon} />}
                  active={isActive(section.path, pathname)}
                  aria-current={pathname === section.path ? "page" : undefined}
                  onClick={onClose}
                />
              ) : (
                <NavLink
                  key={section.id}
                  component="button"
                  type="button"
                  label={section.label}
                  leftSection={<Icon name={section.icon} />}
                  opened={expanded.has(section.id)}
                  onChange={() => onToggleSection(section.id)}
                  childrenOffset={36}
                  active={section.items.some((item) => item.path !== undefined && isActive(item.path, pathname))}
                  variant="subtle"
                >
                  {section.items.map((item) => (
                    <ItemLink key={item.label} item={item} pathname={pathname} onClose={onClose} />
                  ))}
                </NavLink>
              )
            )}
          </Stack>
        ) : (
          <Stack gap={6} align="center">
            {sections.map((section) => {
              const active =
                section.path !== undefined
                  ? isActive(section.path, pathname)
                  : section.items.some((item) => item.path !== undefined && isActive(item.path, pathname))
              return (
                <Tooltip key={section.id} label={section.label} position="right" withArrow>
                  {section.path !== undefined ? (
                    <ActionIcon
                      component={Link}
                      to={section.path}
                      aria-label={section.label}
                      aria-current={pathname === section.path ? "page" : undefined}
                      variant={active ? "light" : "subtle"}
                      color={active ? "teal" : "gray"}
                      size={44}
                      radius="md"
                    >
                      <Icon name={section.icon} />
                    </ActionIcon>
                  ) : (
                    <ActionIcon
                      aria-label={section.label}
                      onClick={() => onOpenSection(section.id)}
                      variant={active ? "light" : "subtle"}
                      color={active ? "teal" : "gray"}
                      size={44}
                      radius="md"
                    >
                      <Icon name={section.icon} />
                    </ActionIcon>
                  )}
                </Tooltip>
              )
            })}
          </Stack>
        )}
      </AppShell.Section>
      <AppShell.Section p={opened ? "sm" : 10} style={{ borderTop: "1px solid var(--app-shell-border-color)" }}>
        <Group gap="sm" wrap="nowrap" justify={opened ? "flex-start" : "center"}>
          <UserMenu position={opened ? "top-start" : "right-end"} variant="onSurface" />
          {opened && (
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} truncate>
                {name}
              </Text>
              {session.user.email !== null && session.user.email !== name && (
                <Text size="xs" c="dimmed" truncate>
                  {session.user.email}
                </Text>
              )}
            </div>
          )}
        </Group>
      </AppShell.Section>
    </AppShell.Navbar>
  )
}
