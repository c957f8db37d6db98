/**
 * Types read off the shared zod schemas through their Standard Schema interface (`~standard`),
 * so the web package uses the contract without depending on zod itself.
 */
type Typed = { readonly '~standard': { readonly types?: unknown } };

export type InputOf<S extends Typed> =
  NonNullable<S['~standard']['types']> extends { readonly input: infer I } ? I : never;
export type OutputOf<S extends Typed> =
  NonNullable<S['~standard']['types']> extends { readonly output: infer O } ? O : never;
