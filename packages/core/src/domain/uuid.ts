const uuidText = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"

/** A whole text that is a UUID, in any case: an id as the database writes them. */
export const uuidPattern = new RegExp(`^${uuidText}$`, "i")

/** A UUID anywhere in a text, captured: an id inside a path or a log line. */
export const uuidWithin = new RegExp(`(${uuidText})`, "i")
