/** The help of options several commands take, written once so that `--help` says the same everywhere. */

/** `--force` of the commands that write a file. */
export const FORCE_HELP = "reemplaza el archivo si ya existe"

/** `--csv` of the commands that print a table. */
export const CSV_HELP = "salida CSV (RFC 4180), segura para abrir en Excel"

/** `--json` of the commands that print one page of a paged list. */
export const JSON_PAGE_HELP = "salida JSON (la página tal como la entrega la API)"

/** The password option's flag (`login`, `users create`); each says what the password is for. */
export const PASSWORD_FLAG = "--password <contraseña>"
