import { Alert, Button, FileInput, Group, Paper, Select, Stack, Table, Text, Title } from "@mantine/core"
import { type Call, caseDocumentProblem, caseDocumentsActors, caseDocumentsMachine, caseDocumentTypes, type CaseView } from "@palma/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useState } from "react"
import { useLookup } from "../../lib/lookups/useLookup"
import { notify } from "../../lib/notify"

interface CaseDocumentsProps {
  readonly call: Call
  readonly view: CaseView
  /** The case changed (a document was listed in it): read it again. */
  readonly onUploaded: () => void
}

/**
 * The case's documents (antecedentes): each with its type and file name, opened through a fresh
 * five-minute link in a new tab (the browser shows PDFs and images itself); a new one uploaded by
 * type, checked here before it goes (PDF or image, up to 10 MB). Replacing a type's file keeps one.
 */
export const CaseDocuments = ({ call, view, onUploaded }: CaseDocumentsProps) => {
  const [logic] = useState(() => caseDocumentsMachine.provide({ actors: caseDocumentsActors(call) }))
  const actor = useActorRef(logic, { input: { caseId: view.case_id } })
  const busy = useSelector(actor, (s) => !s.matches("idle"))
  const uploading = useSelector(actor, (s) => s.matches("uploading"))
  const failure = useSelector(actor, (s) => s.context.failure)
  const documents = useLookup("documents")
  const [documentId, setDocumentId] = useState<string | null>(null)
  const [file, setFile] = useState<File | null>(null)
  const problem = file === null ? null : caseDocumentProblem(file)

  useEffect(() => {
    const uploaded = actor.on("uploaded", () => {
      notify.success("Documento agregado al caso")
      setFile(null)
      onUploaded()
    })
    const opened = actor.on("opened", ({ url }) => void window.open(url, "_blank", "noopener"))
    return () => {
      uploaded.unsubscribe()
      opened.unsubscribe()
    }
  }, [actor, onUploaded])

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Documentos">
      <Title order={2} size="h4" mb="sm">
        Documentos
      </Title>
      <Stack gap="sm">
        {view.files.length === 0 ? (
          <Text size="sm" c="dimmed">
            El caso aún no tiene documentos.
          </Text>
        ) : (
          <Table aria-label="Documentos del caso">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Tipo</Table.Th>
                <Table.Th>Archivo</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {view.files.map((f) => (
                <Table.Tr key={f.document_id}>
                  <Table.Td>{f.document_name}</Table.Td>
                  <Table.Td>{f.file_tag}</Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="xs"
                      variant="default"
                      disabled={busy}
                      onClick={() => actor.send({ type: "OPEN", document_id: f.document_id })}
                      aria-label={`Ver ${f.document_name}`}
                    >
                      Ver
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {failure !== null && (
          <Alert color="red" title="No se pudo completar" withCloseButton onClose={() => actor.send({ type: "DISMISS" })}>
            {failure.message}
          </Alert>
        )}
        <form
          onSubmit={(e) => {
            e.preventDefault()
            if (documentId !== null && file !== null)
              actor.send({ type: "UPLOAD", document_id: documentId, file: { name: file.name, size: file.size, type: file.type, blob: file } })
          }}
        >
          <Group align="end" wrap="wrap">
            <Select
              label="Tipo de documento"
              data={(documents.value ?? []).map((d) => ({ value: d.id, label: d.name }))}
              value={documentId}
              onChange={setDocumentId}
              searchable
              // Highlights the first type as the list opens, in the same step. Otherwise Mantine
              // finds the highlighted option on a timer that can lose to the render: the first
              // option looked highlighted but Enter chose nothing (a flaky keyboard upload).
              selectFirstOptionOnDropdownOpen
              disabled={documents.status === "loading"}
              error={documents.status === "error" ? "No se pudieron cargar los tipos de documento" : undefined}
              w={240}
            />
            <FileInput
              label="Archivo"
              placeholder="PDF o imagen, hasta 10 MB"
              accept={caseDocumentTypes.join(",")}
              value={file}
              onChange={setFile}
              error={problem}
              clearable
              w={280}
            />
            <Button type="submit" loading={uploading} disabled={documentId === null || file === null || problem !== null || busy}>
              Subir documento
            </Button>
          </Group>
        </form>
      </Stack>
    </Paper>
  )
}
