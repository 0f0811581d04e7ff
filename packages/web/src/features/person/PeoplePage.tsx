import { Box, Group, Paper, SegmentedControl, Stack, Text, TextInput, Title } from "@mantine/core"
import { useDebouncedCallback } from "@mantine/hooks"
import type { Call, PersonKind, PersonQuery } from "@palma/core"
import { useState } from "react"
import { useSearchParams } from "react-router"
import { call as apiCall } from "../../lib/api"
import { kindOf, kindTexts } from "./paths"
import { PersonSearch } from "./PersonSearch"

const pageOf = (value: string | null) => {
  const page = Number(value)
  return Number.isInteger(page) && page > 0 ? page : 1
}

/**
 * Personas (Asistencia, every role): find an insured or a customer by RUT or name, accents and
 * case ignored, and open their subscriptions and coverage. The URL keeps the kind, text and page.
 */
export const PeoplePage = ({ call = apiCall }: { readonly call?: Call }) => {
  const [params, setParams] = useSearchParams()
  const kind = kindOf(params.get("kind"))
  const query: PersonQuery = { text: params.get("q") ?? "", page: pageOf(params.get("page")) }
  const [text, setText] = useState(query.text)

  const go = (next: { kind?: PersonKind; text?: string; page?: number }) => {
    const merged = { kind, text: query.text, page: query.page, ...next }
    const nextParams = new URLSearchParams()
    if (merged.kind !== "insured") nextParams.set("kind", merged.kind)
    if (merged.text.trim() !== "") nextParams.set("q", merged.text.trim())
    if (merged.page > 1) nextParams.set("page", String(merged.page))
    setParams(nextParams)
  }
  const searchLater = useDebouncedCallback((value: string) => go({ text: value, page: 1 }), 300)

  return (
    <Stack>
      <Title order={1} size="h2">
        Personas
      </Title>
      <Paper withBorder radius="md">
        <Group p="sm" align="end" wrap="wrap">
          <SegmentedControl
            aria-label="Buscar entre"
            value={kind}
            onChange={(value) => go({ kind: kindOf(value), page: 1 })}
            data={(["insured", "customer"] as const).map((k) => ({ value: k, label: kindTexts[k].tab }))}
          />
          <TextInput
            style={{ flex: 1, minWidth: 240 }}
            type="search"
            label="RUT o nombre"
            placeholder="12.345.678-5 o «munoz»"
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value)
              searchLater(e.currentTarget.value)
            }}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                searchLater.cancel()
                go({ text, page: 1 })
              }
            }}
          />
        </Group>
        <Box px="sm" pb="xs">
          <Text size="xs" c="dimmed">
            Un RUT busca desde su comienzo; un nombre, en cualquier parte y sin importar tildes.
          </Text>
        </Box>
        <PersonSearch
          key={kind}
          call={call}
          kind={kind}
          query={query}
          onPage={(page) => go({ page })}
          onClear={() => {
            setText("")
            go({ text: "", page: 1 })
          }}
        />
      </Paper>
    </Stack>
  )
}
