/**
 * The analyzer's command line as a function (its package types only `create`): `cli()` runs
 * `cem analyze` with the given arguments and returns the manifest; `noWrite` keeps it in memory.
 */
declare module '@custom-elements-manifest/analyzer/cli.js' {
  interface CssPropertyDoc {
    name: string;
    description?: string;
  }
  interface MemberDoc {
    kind: string;
    name: string;
    privacy?: 'private' | 'protected' | 'public';
    static?: boolean;
    reflects?: boolean;
    type?: { text: string };
    default?: string;
  }
  interface AttributeDoc {
    name: string;
    type?: { text: string };
    default?: string;
  }
  interface ExportDoc {
    kind: 'js' | 'custom-element-definition';
    name: string;
    declaration: { name: string; module?: string };
  }
  interface ManifestDeclaration {
    name?: string;
    tagName?: string;
    cssProperties?: CssPropertyDoc[];
    members?: MemberDoc[];
    attributes?: AttributeDoc[];
  }
  interface Manifest {
    modules: { path: string; declarations?: ManifestDeclaration[]; exports?: ExportDoc[] }[];
  }
  export function cli(options: { argv: string[]; cwd?: string; noWrite?: boolean }): Promise<Manifest>;
}
