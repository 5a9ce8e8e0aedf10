/** A refusal of a CLI command with what to do instead: the CLI prints it and exits 1. */
export class OperationRefused extends Error {}
