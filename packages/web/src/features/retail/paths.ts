/** Where the retails list is. */
export const retailListPath = "/entities/retail"

/** Where a retail's page is. */
export const retailPath = (id: string) => `${retailListPath}/${id}`
