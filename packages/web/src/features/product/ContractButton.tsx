import { Button } from "@mantine/core"
import type { ListedProduct } from "@palma/core"
import { useState } from "react"
import { ContractDialog } from "./ContractDialog"

const FileIcon = () => (
  <svg
    width={14}
    height={14}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    <path d="M14 3v4a1 1 0 0 0 1 1h4" />
    <path d="M17 21H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h7l5 5v11a2 2 0 0 1-2 2zM9 13h6M9 17h6" />
  </svg>
)

/** "Ver contrato" on a product's row: the dialog (and its requests) exist only while open. */
export const ContractButton = ({ product }: { readonly product: ListedProduct }) => {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant="subtle" size="compact-sm" leftSection={<FileIcon />} aria-label={`Ver contrato de ${product.name}`} onClick={() => setOpen(true)}>
        Ver contrato
      </Button>
      {open && <ContractDialog product={product} onClose={() => setOpen(false)} />}
    </>
  )
}
