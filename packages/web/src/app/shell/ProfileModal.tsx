import { Modal, Stack, Text } from "@mantine/core"
import { roleFromPublicMeta, roleLabel, type Session } from "@palma/core"
import { displayName } from "../../lib/auth/displayName"

interface ProfileModalProps {
  readonly session: Session
  readonly opened: boolean
  readonly onClose: () => void
}

const Field = ({ label, value }: { readonly label: string; readonly value: string }) => (
  <div>
    <Text size="sm" c="dimmed">
      {label}
    </Text>
    <Text>{value}</Text>
  </div>
)

/** "Mi perfil": who is signed in, with which account and role. */
export const ProfileModal = ({ session, opened, onClose }: ProfileModalProps) => {
  const { user } = session
  const role = roleFromPublicMeta(user.publicMetadata)
  return (
    <Modal opened={opened} onClose={onClose} title="Mi perfil" closeButtonProps={{ "aria-label": "Cerrar" }}>
      <Stack gap="sm">
        <Field label="Nombre" value={displayName(user)} />
        <Field label="Correo electrónico" value={user.email ?? "Sin correo registrado"} />
        <Field label="Rol" value={role === null ? "Sin rol asignado" : roleLabel[role]} />
        {session.orgSlug !== null && <Field label="Organización" value={session.orgSlug} />}
      </Stack>
    </Modal>
  )
}
