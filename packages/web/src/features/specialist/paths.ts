/** Where the specialists list is; a specialist's page is under it (`/new` starts from a RUT). */
export const specialistListPath = "/entities/specialist"
