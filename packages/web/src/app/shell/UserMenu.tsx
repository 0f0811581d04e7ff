import { Avatar, Menu, Text, UnstyledButton, VisuallyHidden } from "@mantine/core"
import { useDisclosure } from "@mantine/hooks"
import type { FloatingPosition } from "@mantine/core"
import { useEffect, useRef } from "react"
import { notify } from "../../lib/notify"
import { displayName } from "../../lib/auth/displayName"
import { useAuth } from "../../lib/auth/useAuth"
import { useSession } from "../../lib/auth/useSession"
import { useAuthMode } from "../../features/auth/AuthMode"
import { SessionsModal } from "../../features/auth/SessionsModal"
import { initialsOf } from "./initials"
import { ProfileModal } from "./ProfileModal"

interface UserMenuProps {
  readonly position: FloatingPosition
  /** Avatar colour against its background. */
  readonly variant: "onBar" | "onSurface"
}

/** The user button: "Mi perfil", "Sesiones" (local mode) and "Cerrar sesión". */
export const UserMenu = ({ position, variant }: UserMenuProps) => {
  const session = useSession()
  const { error, busy, signOut } = useAuth()
  const [profileOpened, profile] = useDisclosure(false)
  const [sessionsOpened, sessions] = useDisclosure(false)
  const local = useAuthMode() === "local"
  // The machine keeps its last error: report it only for a sign-out asked for here.
  const signOutAsked = useRef(false)
  useEffect(() => {
    if (signOutAsked.current && !busy && error !== null) {
      signOutAsked.current = false
      notify.error(error)
    }
  }, [busy, error])

  return (
    <>
      {/* No focus placeholder: a focusable element without a role inside role="menu" breaks its required children (axe). */}
      <Menu position={position} withArrow shadow="md" width={220} withInitialFocusPlaceholder={false}>
        <Menu.Target>
          {/* The initials are a picture of the user, like an icon: the button is named by its hidden text (WCAG 2.5.3). */}
          <UnstyledButton style={{ borderRadius: "50%" }}>
            <VisuallyHidden>Menú de usuario</VisuallyHidden>
            <Avatar color="teal" variant={variant === "onBar" ? "white" : "light"} radius="xl" size={36} aria-hidden="true">
              {initialsOf(session.user)}
            </Avatar>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text size="sm" fw={600} c="dark">
              {displayName(session.user)}
            </Text>
            {session.user.email !== null && session.user.email !== displayName(session.user) && <Text size="xs">{session.user.email}</Text>}
          </Menu.Label>
          <Menu.Item onClick={profile.open}>Mi perfil</Menu.Item>
          {local && <Menu.Item onClick={sessions.open}>Sesiones</Menu.Item>}
          <Menu.Item
            color="red"
            disabled={busy}
            onClick={() => {
              signOutAsked.current = true
              signOut()
            }}
          >
            Cerrar sesión
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ProfileModal session={session} opened={profileOpened} onClose={profile.close} />
      {local && <SessionsModal opened={sessionsOpened} onClose={sessions.close} />}
    </>
  )
}
