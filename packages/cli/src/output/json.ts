/** Indented JSON of what the server returned, field names untouched, for scripts (`jq`). */
export const renderJson = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`
