import { Alert, Badge, Button, Group, Paper, Stack, Text, Textarea, Title } from "@mantine/core"
import { type Call, caseChatActors, caseChatMachine, formatInstant } from "@palma/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useRef, useState } from "react"
import { RetryAlert } from "../../components/RetryAlert"

interface CaseChatProps {
  readonly call: Call
  readonly caseId: string
  /** Staff names by user id, as the history shows them. */
  readonly names: Readonly<Record<string, string>>
  /** How many messages the live feed announced: each one reads the chat again. */
  readonly posted: number
}

/**
 * The case's chat: messages oldest first with who (name and role), when and the stage the case
 * was in; Enter sends, Shift+Enter starts a new line. A message not sent keeps its text and says why.
 */
export const CaseChat = ({ call, caseId, names, posted }: CaseChatProps) => {
  const [logic] = useState(() => caseChatMachine.provide({ actors: caseChatActors(call) }))
  const actor = useActorRef(logic, { input: { caseId } })
  const state = useSelector(actor, (s) => s.value)
  const { messages, failure } = useSelector(actor, (s) => s.context)
  const [text, setText] = useState("")
  const list = useRef<HTMLElement | null>(null)

  useEffect(() => {
    const sent = actor.on("sent", () => setText(""))
    return () => sent.unsubscribe()
  }, [actor])
  // The newest message in sight by scrolling the list itself: scrollIntoView would also scroll the
  // window down to the chat, away from the case's number, stage and actions.
  useEffect(() => {
    const scroller = list.current
    if (scroller !== null) scroller.scrollTop = scroller.scrollHeight
  }, [messages.length])
  useEffect(() => {
    if (posted > 0) actor.send({ type: "REFRESH" })
  }, [actor, posted])

  const sending = state === "sending"
  const send = () => {
    if (text.trim() !== "" && !sending) actor.send({ type: "SEND", message: text })
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Chat del caso">
      <Title order={2} size="h4" mb="sm">
        Chat del caso
      </Title>
      {state === "failure" ? (
        <RetryAlert title="No se pudieron cargar los mensajes" message={failure?.message ?? null} onRetry={() => actor.send({ type: "RETRY" })} />
      ) : state === "loading" && messages.length === 0 ? (
        <Text size="sm" role="status">
          Cargando mensajes…
        </Text>
      ) : (
        <Stack gap="sm">
          {messages.length === 0 ? (
            <Text size="sm" c="dimmed">
              Aún no hay mensajes. Escriba el primero para el equipo que trabaja el caso.
            </Text>
          ) : (
            <Stack
              component="ol"
              // Mantine types a Stack's ref as a div's; this one is the list.
              ref={(element: HTMLElement | null) => {
                list.current = element
              }}
              gap="xs"
              aria-label="Mensajes"
              style={{ listStyle: "none", padding: 0, margin: 0, maxHeight: 360, overflowY: "auto" }}
            >
              {messages.map((m) => (
                <li key={m.id}>
                  <Group gap="xs" wrap="wrap">
                    <Text size="sm" fw={600}>
                      {names[m.user_id] ?? m.type}
                    </Text>
                    {names[m.user_id] !== undefined && (
                      <Text size="xs" c="dimmed">
                        {m.type}
                      </Text>
                    )}
                    <Text size="xs" c="dimmed">
                      {formatInstant(m.created_at)}
                    </Text>
                    {m.stage_name !== null && (
                      <Badge size="xs" variant="light">
                        {m.stage_name}
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
                    {m.message}
                  </Text>
                </li>
              ))}
            </Stack>
          )}
          {failure !== null && (
            <Alert color="red" title="El mensaje no se envió">
              {failure.message}
            </Alert>
          )}
          <form
            onSubmit={(e) => {
              e.preventDefault()
              send()
            }}
          >
            <Stack gap="xs">
              <Textarea
                label="Mensaje"
                description="Enter envía; Mayús+Enter agrega una línea."
                value={text}
                onChange={(e) => setText(e.currentTarget.value)}
                onKeyDown={(e) => {
                  if (e.key === "Enter" && !e.shiftKey) {
                    e.preventDefault()
                    send()
                  }
                }}
                rows={3}
                maxLength={4000}
              />
              <Group justify="flex-end">
                <Button type="submit" loading={sending} disabled={text.trim() === ""}>
                  Enviar
                </Button>
              </Group>
            </Stack>
          </form>
        </Stack>
      )}
    </Paper>
  )
}
