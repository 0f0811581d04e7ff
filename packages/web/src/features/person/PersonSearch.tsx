import { Anchor, Table } from "@mantine/core"
import { type Call, type PersonFound, type PersonKind, type PersonQuery, personSearchActors, Rut, searchMachine } from "@palma/core"
import { useState } from "react"
import { Link } from "react-router"
import { SearchResults, usePagedSearch } from "../../kit"
import { kindTexts, personPath } from "./paths"

export const PEOPLE_PAGE_SIZE = 20

const nf = new Intl.NumberFormat("es-CL")

interface PersonSearchProps {
  readonly call: Call
  readonly kind: PersonKind
  readonly query: PersonQuery
  readonly onPage: (page: number) => void
  readonly onClear: () => void
}

/**
 * The customers' or the insured's search (one shape for both): people with a policy in force
 * whose RUT starts with, or whose name holds, the text typed, a page at a time from the server.
 */
export const PersonSearch = ({ call, kind, query, onPage, onClear }: PersonSearchProps) => {
  const [logic] = useState(() => searchMachine<PersonQuery, PersonFound>().provide({ actors: personSearchActors(call, kind, PEOPLE_PAGE_SIZE) }))
  const search = usePagedSearch(logic, query)
  const texts = kindTexts[kind]
  return (
    <SearchResults
      search={search}
      page={query.page}
      pageSize={PEOPLE_PAGE_SIZE}
      onPage={onPage}
      noun={texts.noun}
      emptyHint="Solo aparecen personas con una póliza vigente. Revise el RUT o escriba parte del nombre."
      onClear={query.text === "" ? undefined : onClear}
    >
      {(items, loading) => (
        <Table.ScrollContainer minWidth={480}>
          <Table aria-label={texts.table} aria-busy={loading} highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>RUT</Table.Th>
                <Table.Th>Nombre</Table.Th>
                <Table.Th ta="right">Pólizas vigentes</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((person) => (
                <Table.Tr key={person.id}>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{Rut.format(person.rut)}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={personPath(kind, person.id)}>
                      {person.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right">{nf.format(person.products)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SearchResults>
  )
}
