// jsonld ships no types and @types/jsonld is not installed; this declares only what the library uses.
declare module 'jsonld' {
  export interface RemoteDocument {
    contextUrl: string | null;
    document: unknown;
    documentUrl: string;
  }
  export type DocumentLoader = (url: string) => Promise<RemoteDocument>;
  export interface CanonizeOptions {
    algorithm: 'URDNA2015' | 'RDFC-1.0';
    format: 'application/n-quads';
    documentLoader: DocumentLoader;
    safe?: boolean;
  }
  const jsonld: {
    canonize(input: object, options: CanonizeOptions): Promise<string>;
  };
  export default jsonld;
}
