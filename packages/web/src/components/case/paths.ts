/** Where the case screens live. */
export const casesPath = "/assistance/case"

export const casePath = (id: string) => `${casesPath}/${id}`
