// `npm run lint`: eslint over the whole tree, with typescript-eslint, the Lit and web-component
// plugins, and eslint-config-prettier last so that nothing here argues with prettier's layout.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import lit from 'eslint-plugin-lit';
import wc from 'eslint-plugin-wc';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'dist-docs/', 'lib/', 'server/lib/', '.tmp/', 'coverage/', 'public/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // vitest.e2e.config.ts is in no tsconfig; the .js and .mjs files are linted without types (below).
        projectService: { allowDefaultProject: ['vitest.e2e.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  lit.configs['flat/recommended'],
  wc.configs['flat/best-practice'],
  {
    // The plugin finds LitElement itself only under CommonJS; the project's own element bases are named too.
    settings: { wc: { elementBaseClasses: ['LitElement', 'RoadElement', 'RoadGridElement', 'StatisticsPanel'] } },
  },
  {
    rules: {
      // LitElement implements every lifecycle callback, so super.connectedCallback() needs no guard (and must not be skipped).
      'wc/guard-super-call': 'off',
    },
  },
  {
    files: ['components/**/*.ts'],
    // Lit calls a template's @event listener with the element as `this`, so passing this.onSomething is bound.
    rules: { '@typescript-eslint/unbound-method': 'off' },
  },
  {
    files: ['test/**/*.ts'],
    // Tests keep a prototype's method to patch it and put it back, calling the original with .call(this, …).
    rules: { '@typescript-eslint/unbound-method': 'off' },
  },
  {
    files: ['test/browser/**/*.ts'],
    // Chai's property assertions (expect(x).to.be.true, .to.exist) are expressions by design.
    rules: { '@typescript-eslint/no-unused-expressions': 'off' },
  },
  {
    files: ['test/node/shoes/document.test.ts'],
    // The test breaks copies of a document in every way the schema must refuse: the copy is untyped on purpose.
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { ...globals.node } },
  },
  prettier,
);
