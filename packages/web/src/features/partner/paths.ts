/** Where the partners list is; a partner's page is under it (`/new` starts from a RUT). */
export const partnerListPath = "/entities/partner"
