import { AppShell, Burger, Group, Overlay, Text } from "@mantine/core"
import { roleFromPublicMeta } from "@palma/core"
import { useCallback, useEffect, useMemo, useRef, useState } from "react"
import { Outlet, useLocation } from "react-router"
import logoUrl from "../../assets/palma-logo.svg"
import { useSession } from "../../lib/auth/useSession"
import { LookupsProvider } from "../../lib/lookups/LookupsProvider"
import { entryFor, menuFor, titleFor } from "../menu"
import { Sidebar, sidebarWidth } from "./Sidebar"
import { contentId, SkipLink, skipTarget } from "./SkipLink"
import { UserMenu } from "./UserMenu"

export const appTitle = "Todas las soluciones del hogar en la palma de tu mano"

/** The section holding the page at `pathname`, unfolded when the sidebar opens. */
const sectionOf = (pathname: string, sections: ReturnType<typeof menuFor>) => {
  const path = entryFor(pathname)?.path
  return sections.find((section) => section.items.some((item) => item.path === path))?.id
}

/**
 * The layout of every signed-in page: the coloured header bar with the logo and the page title,
 * the sidebar for people with an operaciones role, and the session's shared lists (comunas loaded
 * at once for staff), fetched once for all screens.
 */
export const Shell = () => {
  const session = useSession()
  const role = roleFromPublicMeta(session.user.publicMetadata)
  const sections = useMemo(() => menuFor(role), [role])
  const { pathname } = useLocation()
  const [opened, setOpened] = useState(false)
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set())
  const burger = useRef<HTMLButtonElement>(null)
  const content = useRef<HTMLElement>(null)

  useEffect(() => {
    document.title = appTitle
  }, [])

  const open = useCallback(
    (sectionId?: string) => {
      const current = sectionOf(pathname, sections)
      setExpanded((before) => new Set([...before, ...[current, sectionId].filter((id) => id !== undefined)]))
      setOpened(true)
    },
    [pathname, sections]
  )
  const close = useCallback(() => setOpened(false), [])

  useEffect(() => {
    if (!opened) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return
      setOpened(false)
      burger.current?.focus()
    }
    document.addEventListener("keydown", onKeyDown)
    return () => document.removeEventListener("keydown", onKeyDown)
  }, [opened])

  const staff = role !== null

  return (
    // Another user gets another cache: nothing one session loaded reaches the next.
    <LookupsProvider key={session.userId} preload={staff}>
      <AppShell header={{ height: 60 }} navbar={staff ? { width: sidebarWidth.narrow, breakpoint: 0 } : undefined} padding="md" bg="gray.0">
        <SkipLink target={content} />
        <AppShell.Header bg="teal.8" c="white" withBorder={false}>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              {staff && (
                <Burger
                  ref={burger}
                  opened={opened}
                  onClick={() => (opened ? close() : open())}
                  color="white"
                  size="sm"
                  aria-label={opened ? "Cerrar menú" : "Abrir menú"}
                  aria-expanded={opened}
                  aria-controls="sidebar"
                />
              )}
              <img src={logoUrl} alt="" width={36} height={36} />
              <Text component="span" fw={800} size="lg" title={appTitle}>
                Palma
              </Text>
              <Text component="span" aria-hidden="true" opacity={0.6}>
                |
              </Text>
              <Text component="span" size="lg" fw={600} truncate data-testid="page-title">
                {titleFor(pathname)}
              </Text>
            </Group>
            {!staff && <UserMenu position="bottom-end" variant="onBar" />}
          </Group>
        </AppShell.Header>

        {staff && (
          <Sidebar
            session={session}
            sections={sections}
            opened={opened}
            expanded={expanded}
            onToggleSection={(id) =>
              setExpanded((before) => {
                const next = new Set(before)
                if (next.has(id)) next.delete(id)
                else next.add(id)
                return next
              })
            }
            onOpenSection={(id) => open(id)}
            onClose={close}
          />
        )}
        {staff && opened && <Overlay fixed zIndex={200} backgroundOpacity={0.35} blur={1} onClick={close} data-testid="sidebar-overlay" />}

        <AppShell.Main id={contentId} ref={content} tabIndex={-1} className={skipTarget}>
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </LookupsProvider>
  )
}
