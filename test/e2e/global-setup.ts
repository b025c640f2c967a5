import { build, preview, type PreviewServer } from 'vite';

let server: PreviewServer | undefined;

/** BACC_E2E_DIST builds elsewhere than dist/, so two runs on one machine do not build over each other's served app. */
const outDir = process.env['BACC_E2E_DIST'] ? { build: { outDir: process.env['BACC_E2E_DIST'], emptyOutDir: true } } : {};

/** Builds the app into dist/ and serves it on 127.0.0.1 for the end-to-end tests. */
export async function setup({ provide }: { provide: (key: 'baseUrl', value: string) => void }): Promise<void> {
  // Vitest sets NODE_ENV=test, which would make Vite build Lit's development bundle: test what ships.
  const nodeEnv = process.env['NODE_ENV'];
  process.env['NODE_ENV'] = 'production';
  try {
    await build({ logLevel: 'warn', mode: 'production', ...outDir });
  } finally {
    if (nodeEnv === undefined) delete process.env['NODE_ENV'];
    else process.env['NODE_ENV'] = nodeEnv;
  }
  // Port 0: any free port, so a preview the developer left running does not collide.
  server = await preview({ preview: { host: '127.0.0.1', port: 0, strictPort: false }, logLevel: 'warn', ...outDir });
  const address = server.httpServer.address();
  if (address === null || typeof address === 'string') throw new Error('the preview server has no port');
  provide('baseUrl', `http://127.0.0.1:${address.port}/`);
}

export async function teardown(): Promise<void> {
  await server?.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
