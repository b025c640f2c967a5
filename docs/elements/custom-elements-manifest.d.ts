/// <reference types="vite/client" />

/** lib/custom-elements.json, which vite.docs.config.ts resolves this name to at build time. */
declare module 'virtual:custom-elements-manifest' {
  const manifest: unknown;
  export default manifest;
}
