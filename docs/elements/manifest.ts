/**
 * What the docs page reads from custom-elements.json: the elements (declarations with a tag name)
 * and, for each, the tables a page author needs: attributes, public properties, events, slots,
 * CSS parts and CSS custom properties. Only the few fields the page shows are typed here.
 */

export interface TypeDoc {
  text: string;
}

export interface AttributeDoc {
  name: string;
  type?: TypeDoc;
  default?: string;
  description?: string;
  fieldName?: string;
}

export interface MemberDoc {
  kind: string;
  name: string;
  type?: TypeDoc;
  default?: string;
  description?: string;
  attribute?: string;
  privacy?: string;
  static?: boolean;
  readonly?: boolean;
}

export interface EventDoc {
  name: string;
  type?: TypeDoc;
  description?: string;
}

export interface NamedDoc {
  name: string;
  description?: string;
  default?: string;
}

export interface DeclarationDoc {
  kind: string;
  name: string;
  tagName?: string;
  description?: string;
  summary?: string;
  attributes?: AttributeDoc[];
  members?: MemberDoc[];
  events?: EventDoc[];
  slots?: NamedDoc[];
  cssParts?: NamedDoc[];
  cssProperties?: NamedDoc[];
}

export interface Manifest {
  modules: { path: string; declarations?: DeclarationDoc[] }[];
}

/** One element as the page documents it. */
export interface ElementDoc {
  tagName: string;
  className: string;
  description: string;
  /** The package entry that registers the tag: `baccarat-scoreboard/big-road.js` for <bacc-big-road>. */
  entry: string;
  attributes: AttributeDoc[];
  /** Public instance fields only: no private, protected or static member, no method. */
  properties: MemberDoc[];
  events: EventDoc[];
  slots: NamedDoc[];
  cssParts: NamedDoc[];
  cssProperties: NamedDoc[];
}

/** The manifest, checked for the one thing everything else relies on: a list of modules. */
export function asManifest(json: unknown): Manifest {
  if (typeof json !== 'object' || json === null || !Array.isArray((json as { modules?: unknown }).modules)) {
    throw new Error('custom-elements.json has no modules: run npm run build:lib');
  }
  return json as Manifest;
}

const isPublicField = (member: MemberDoc) =>
  member.kind === 'field' &&
  member.privacy !== 'private' &&
  member.privacy !== 'protected' &&
  !member.static &&
  !member.name.startsWith('#');

/** Every element of the manifest with a tag name, in tag-name order. */
export function elementDocs(manifest: Manifest): ElementDoc[] {
  const elements: ElementDoc[] = [];
  for (const module of manifest.modules) {
    for (const declaration of module.declarations ?? []) {
      const tagName = declaration.tagName;
      if (!tagName) continue;
      elements.push({
        tagName,
        className: declaration.name,
        description: declaration.description ?? declaration.summary ?? '',
        entry: `baccarat-scoreboard/${tagName.replace(/^bacc-/, '')}.js`,
        attributes: declaration.attributes ?? [],
        properties: (declaration.members ?? []).filter(isPublicField),
        events: declaration.events ?? [],
        slots: declaration.slots ?? [],
        cssParts: declaration.cssParts ?? [],
        cssProperties: declaration.cssProperties ?? [],
      });
    }
  }
  return elements.sort((a, b) => a.tagName.localeCompare(b.tagName));
}

/** A theme property as the playground offers it: documented by at least one element. */
export interface ThemeProperty {
  name: string;
  description: string;
  /** The elements that document it. */
  elements: string[];
  /** A colour (an input type=color), or anything else (a text input). */
  colour: boolean;
  /** The default the description gives ("… (default 28px)"), when it gives one. */
  default: string | undefined;
}

/** Every documented `--bacc-*` property once, with the first description found, in name order. */
export function themeProperties(elements: readonly ElementDoc[]): ThemeProperty[] {
  const byName = new Map<string, ThemeProperty>();
  for (const element of elements) {
    for (const property of element.cssProperties) {
      if (!property.name.startsWith('--bacc-')) continue;
      const known = byName.get(property.name);
      if (known) {
        known.elements.push(element.tagName);
        continue;
      }
      const description = property.description ?? '';
      byName.set(property.name, {
        name: property.name,
        description,
        elements: [element.tagName],
        colour: /-(color|background)$/.test(property.name),
        default: property.default ?? /\(default:? ([^)]+)\)/.exec(description)?.[1],
      });
    }
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}
