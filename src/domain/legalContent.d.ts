// content/legal/*.md, turned into data at build time by legal-pages.ts.
declare module '*.md' {
  // A wildcard module declaration must stay a global script, where a top-level import is not possible.
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports
  const document: import('./legalPages').LegalDocument;
  export default document;
}
