// The database floor imports the server's pool, whose embedded side names WebAssembly's Module type:
// Node has it at run time, @types/node 20 does not declare it (the server's own check gets it from a dependency's types).
declare namespace WebAssembly {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Module {}
}
