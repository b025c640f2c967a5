import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { templates } from '../../../components/app/locales/zh-Hans.js';
import { elementTermSets } from '../../../components/internal/element-terms.js';
import { roadTermSets } from '../../../components/internal/localize.js';

/** Every .ts file under `dir`, leaving out folders named `locales` (the translations themselves, the elements' terms among them). */
function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'locales') files.push(...sourceFiles(path));
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) {
      files.push(path);
    }
  }
  return files;
}

function parse(source: string, file: string): ts.SourceFile {
  return ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

function visit(node: ts.Node, callback: (node: ts.Node) => boolean | void): void {
  // The callback returns false to leave a node's children out.
  if (callback(node) === false) return;
  node.forEachChild((child) => visit(child, callback));
}

/** The name a call or `new` calls: `msg`, `console.warn`, `StorageError`. */
function calleeName(expression: ts.LeftHandSideExpression): string {
  if (ts.isIdentifier(expression)) return expression.text;
  if (ts.isPropertyAccessExpression(expression)) return `${calleeName(expression.expression)}.${expression.name.text}`;
  return '';
}

/** Every msg() id in `files`: the `id` of each msg() call's options, however the call is laid out. */
function messageIds(files: readonly string[]): Map<string, string> {
  const ids = new Map<string, string>();
  for (const file of files) {
    visit(parse(readFileSync(file, 'utf8'), file), (node) => {
      if (!ts.isCallExpression(node) || calleeName(node.expression) !== 'msg') return;
      const options = node.arguments[1];
      if (!options || !ts.isObjectLiteralExpression(options)) return;
      for (const property of options.properties) {
        if (ts.isPropertyAssignment(property) && property.name.getText() === 'id' && ts.isStringLiteral(property.initializer))
          ids.set(property.initializer.text, file);
      }
    });
  }
  return ids;
}

/**
 * Whether text reads as an English sentence (or a phrase of one) meant for people: at least ten
 * letters, and either a capitalised word followed by a lower-case one ("Storage is full") or three
 * words in a row ("changes not saved"). Identifiers, CSS, selectors, ids, file types and numbers do not.
 */
export function looksLikeSentence(text: string): boolean {
  const plain = text.replace(/\s+/g, ' ').trim();
  if ((plain.match(/[A-Za-z]/g)?.length ?? 0) < 10) return false;
  // Words end at a space or punctuation, not at a hyphen: "label totals with-letter" is a list of classes.
  return /(^|[^\w-])[A-Z][a-z]+,? [a-z]+(?![\w-])/.test(plain) || /(^|[^\w.-])[A-Za-z][a-z]*,? [a-z]+,? [a-z]+(?![\w-])/.test(plain);
}

/** Attributes whose values people read (or hear): the rest are names, classes, parts and bindings. */
const SPOKEN_ATTRIBUTES = /\b(?:aria-label|aria-description|aria-roledescription|title|alt|placeholder|label)="([^"]*)"/g;

/** The text people see in the static parts of an html`` template: text between tags, and spoken attribute values. */
function htmlText(template: ts.TemplateLiteral): string[] {
  const parts = ts.isNoSubstitutionTemplateLiteral(template)
    ? [template.text]
    : [template.head.text, ...template.templateSpans.map((span) => span.literal.text)];
  // A binding stands where a value goes: "<p>${x} hands</p>" is still a sentence around it.
  const joined = parts.join('…');
  const spoken = [...joined.matchAll(SPOKEN_ATTRIBUTES)].map((match) => match[1]!);
  const between = joined
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .split(/<[^>]*>/)
    .map((text) => text.trim())
    .filter((text) => text !== '');
  return [...between, ...spoken];
}

/** A literal's text, with each `${…}` as "…". */
function literalText(node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression): string {
  if (!ts.isTemplateExpression(node)) return node.text;
  return node.head.text + node.templateSpans.map((span) => `…${span.literal.text}`).join('');
}

/**
 * Constructors whose message is never shown: programmer errors (a bug, a wrong argument), and
 * StorageError, whose message is English for logs and the CLI while the page words its kind and
 * parameters (components/app/shared/data/storage-words.ts).
 */
const UNSHOWN_ERRORS = new Set(['Error', 'RangeError', 'TypeError', 'StorageError']);

/** What a scan may let through beyond msg(), console calls and the errors never shown. */
export interface ScanRules {
  /** More constructors whose message is log text, never shown. */
  logErrors?: readonly string[];
  /** Functions whose strings are log text (`actionLogText` builds StorageError messages). */
  logFunctions?: readonly string[];
}

export interface Bypass {
  file: string;
  line: number;
  text: string;
}

/**
 * English sentences in `source` that reach the screen without msg() or an element's term:
 * string and template literals, and the text and spoken attributes of html`` templates. Let
 * through: msg()'s own text (str`` or a string), the arguments of a term() call, console calls, `new Error`/`RangeError`/`TypeError` (programmer errors) and
 * `new StorageError` (log text), css`` templates, module names and types, comments (never
 * literals), and what `rules` name.
 */
export function sentencesOutsideMsg(source: string, file = 'sample.ts', rules: ScanRules = {}): Bypass[] {
  const found: Bypass[] = [];
  const sourceFile = parse(source, file);
  const report = (node: ts.Node, text: string): void => {
    if (looksLikeSentence(text))
      found.push({
        file,
        line: sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1,
        text: text.replace(/\s+/g, ' ').trim(),
      });
  };
  /** Why a literal is not screen text, looking through what only passes it on (parentheses, `?:`, `+`, `??`, str``). */
  const letThrough = (literal: ts.Node): boolean => {
    let child: ts.Node = literal;
    let parent = literal.parent;
    while (
      ts.isParenthesizedExpression(parent) ||
      ts.isAsExpression(parent) ||
      ts.isSatisfiesExpression(parent) ||
      (ts.isConditionalExpression(parent) && parent.condition !== child) ||
      (ts.isBinaryExpression(parent) &&
        [ts.SyntaxKind.PlusToken, ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(parent.operatorToken.kind)) ||
      (ts.isTaggedTemplateExpression(parent) && parent.template === child && calleeName(parent.tag) === 'str')
    ) {
      child = parent;
      parent = parent.parent;
    }
    if (ts.isCallExpression(parent)) {
      const callee = calleeName(parent.expression);
      if (callee === 'msg' && parent.arguments[0] === child) return true;
      // An element's term, looked up in its language: `this.localize.term('roadSummary', …)`.
      if ((callee === 'term' || callee.endsWith('.term')) && parent.arguments.includes(child as ts.Expression)) return true;
      if (callee.startsWith('console.')) return true;
    }
    if (ts.isNewExpression(parent)) {
      const callee = calleeName(parent.expression);
      if (UNSHOWN_ERRORS.has(callee) || rules.logErrors?.includes(callee)) return true;
    }
    if (
      ts.isImportDeclaration(parent) ||
      ts.isExportDeclaration(parent) ||
      ts.isExternalModuleReference(parent) ||
      ts.isLiteralTypeNode(parent)
    )
      return true;
    for (let scope: ts.Node | undefined = parent; scope; scope = scope.parent) {
      if (
        (ts.isFunctionDeclaration(scope) || ts.isMethodDeclaration(scope)) &&
        scope.name &&
        rules.logFunctions?.includes(scope.name.getText())
      )
        return true;
    }
    return false;
  };
  visit(sourceFile, check);
  function check(node: ts.Node): boolean | void {
    if (ts.isTaggedTemplateExpression(node) && ['html', 'svg', 'css'].includes(calleeName(node.tag))) {
      if (calleeName(node.tag) === 'css') return false;
      for (const text of htmlText(node.template)) report(node, text);
      // The bindings inside are expressions of their own, checked as such.
      if (ts.isTemplateExpression(node.template))
        for (const span of node.template.templateSpans) visit(span.expression, (inner) => check(inner));
      return false;
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
      if (!letThrough(node)) report(node, literalText(node));
      // A template's bindings may hold literals of their own (a sentence chosen in a `?:`).
      if (ts.isTemplateExpression(node)) for (const span of node.templateSpans) visit(span.expression, (inner) => check(inner));
      return false;
    }
    return;
  }
  return found;
}

/** Sentences outside msg() that are not screen text, each with its reason. */
const ALLOWED: readonly { file: string; text: string; reason: string }[] = [
  {
    file: 'src/shoes/document.ts',
    text: 'Simulated table',
    reason: 'the table name a simulated shoe is stored with: data, shown as any table name is',
  },
  ...['expected an array of cards', 'cardsOutOfPlay[…] is not a card'].map((text) => ({
    file: 'components/internal/cards-out-of-play.ts',
    text,
    reason: 'the console warning of a refused .cardsOutOfPlay: log text, in English like every log line',
  })),
];

/**
 * The core files (and the app's store) whose words reach (or reached) the screen, and what in them is log text: the
 * store's StorageError messages are English for logs and the CLI (the page words the error's kind
 * and parameters in storage-words.ts), partly built by the functions named here.
 */
const CORE_FILES: readonly { file: string; rules: ScanRules }[] = [
  { file: 'src/shoes/keeper.ts', rules: {} },
  { file: 'components/app/shared/data/storage-error.ts', rules: { logFunctions: ['actionLogText', 'differenceLogText'] } },
  { file: 'src/shoes/document.ts', rules: { logFunctions: ['problemLogText', 'placeLogText', 'documentValueLogText'] } },
  { file: 'src/game/hand.ts', rules: { logFunctions: ['handProblemLogText'] } },
  { file: 'src/game/rules.ts', rules: { logFunctions: ['rulesProblemLogText'] } },
  { file: 'src/game/cards.ts', rules: { logFunctions: ['cardProblemLogText', 'cardExcessLogText'] } },
];

function pageBypasses(): Bypass[] {
  // A file with rules of its own (the store, under components/app/data) is read once, by those rules.
  // A file a script writes (the Chinese font's slices: runs of code points) holds data, not screen text.
  const components = sourceFiles('components')
    .filter((file) => !CORE_FILES.some((core) => core.file === file))
    .filter((file) => !readFileSync(file, 'utf8').startsWith('// Generated by scripts/'))
    .map((file) => ({ file, rules: {} }));
  return [...components, ...CORE_FILES]
    .flatMap(({ file, rules }) => sentencesOutsideMsg(readFileSync(file, 'utf8'), file, rules))
    .filter((bypass) => !ALLOWED.some((allowed) => allowed.file === bypass.file && allowed.text === bypass.text));
}

const described = (bypasses: readonly Bypass[]): string[] => bypasses.map(({ file, line, text }) => `${file}:${line}: ${text}`);

describe('Simplified Chinese', () => {
  it('has a template for every message the elements show', () => {
    const ids = messageIds(sourceFiles('components'));
    expect(ids.size).toBeGreaterThan(100);
    const missing = [...ids].filter(([id]) => !(id in templates)).map(([id, file]) => `${id} (${file})`);
    expect(missing).toEqual([]);
  });

  it('has every term of the embeddable elements, with a value for each (TypeScript checks the same)', () => {
    const { en, zh } = elementTermSets;
    const keys = Object.keys(en);
    expect(keys.length).toBeGreaterThan(90);
    expect(keys.filter((key) => !(key in zh))).toEqual([]);
    expect(Object.keys(zh).filter((key) => !(key in en))).toEqual([]);
  });

  it('gives the roads the same words whether a page loads the roads alone or every element', () => {
    for (const language of ['en', 'zh'] as const) {
      const roads = roadTermSets[language];
      expect(Object.keys(roads).length).toBeGreaterThan(35);
      for (const key of Object.keys(roads) as (keyof typeof roads)[]) expect(elementTermSets[language][key]).toBe(roads[key]);
    }
  });

  it('is not bypassed: no English sentence reaches the screen without msg() or a term', () => {
    const bypasses = pageBypasses();
    expect(described(bypasses)).toEqual([]);
  });
});

/** The elements' source files: the elements, and what only they use (components/internal/). */
function elementFiles(): string[] {
  return [
    ...readdirSync('components')
      .filter((name) => /^bacc-.*\.ts$/.test(name))
      .map((name) => join('components', name)),
    ...sourceFiles('components/internal'),
  ];
}

describe('the embeddable elements', () => {
  it('speak through their own terms, never @lit/localize, and import nothing from the app', () => {
    const files = elementFiles();
    expect(files.length).toBeGreaterThan(9);
    const found: string[] = [];
    for (const file of files) {
      visit(parse(readFileSync(file, 'utf8'), file), (node) => {
        if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
          const from = node.moduleSpecifier.text;
          if (from === '@lit/localize' || /(^|\/)app\//.test(from)) found.push(`${file} imports ${from}`);
        }
        if (ts.isDecorator(node) && node.getText().startsWith('@localized')) found.push(`${file} is @localized()`);
        if (ts.isCallExpression(node) && calleeName(node.expression) === 'msg') found.push(`${file} calls msg()`);
      });
    }
    expect(found).toEqual([]);
  });
});

describe('the scan for English that bypasses msg()', () => {
  const scan = (source: string, rules?: ScanRules) => sentencesOutsideMsg(source, 'sample.ts', rules).map((bypass) => bypass.text);

  it('finds a plain sentence handed to the screen as a string, a template literal or a property', () => {
    expect(scan(`this.notice = { role: 'alert', text: 'The shoe could not be read.' };`)).toEqual(['The shoe could not be read.']);
    expect(scan('this.status = `${count} changes not saved yet, retrying: ${reason}`;')).toEqual(['… changes not saved yet, retrying: …']);
    expect(scan(`const reason = saved ? 'Saved.' : 'Storage is full right now';`)).toEqual(['Storage is full right now']);
  });

  it('finds the text and the spoken attributes of an html`` template, and a sentence inside its bindings', () => {
    const source =
      'html`<button aria-label="Close the dialog" class="close">x</button><p>No shoe is in play.</p><p>${ok ? msg("Fine", { id: "fine" }) : "Nothing was recorded here"}</p>`';
    expect(scan(source)).toEqual(['No shoe is in play.', 'Close the dialog', 'Nothing was recorded here']);
  });

  it('lets through msg() and str``, console, programmer errors, css``, comments, imports, types and attribute names', () => {
    const source = [
      `import { thing } from '../a module with spaces.js';`,
      `type Kind = 'Storage is full of things';`,
      `// The stored shoes are read here, in a comment.`,
      `/** JSDoc says what this does, in English. */`,
      `msg('The shoe was deleted, for good.', { id: 'deleted' });`,
      'msg(str`Imported ${count} shoes (${skipped} already stored).`, { id: "imported" });',
      `console.warn('Could not delete old simulated shoes:', error);`,
      `throw new RangeError('there is no hand to undo');`,
      'css`:host { font: italic 14px system-ui, sans-serif; display: block; }`;',
      'html`<p part="notice" class="alert storage-trouble" role="alert" ?hidden=${x}>${text}</p>`;',
    ].join('\n');
    expect(scan(source)).toEqual([]);
  });

  it("lets through an element's term calls, and only their arguments", () => {
    expect(scan(`const text = this.localize.term('roadSummary', road, 'Big Road of the shoe', items);`)).toEqual([]);
    expect(scan(`const text = localize.term('lastHandNumber', 3) + ' was the hand just dealt';`)).toEqual(['was the hand just dealt']);
    expect(scan(`const text = this.localize.lang() === 'zh' ? 'Big Road of the shoe' : '';`)).toEqual(['Big Road of the shoe']);
  });

  it('lets through log text only where the rules say so', () => {
    const source = `throw new DocumentError('No shoe "a" is stored at all.');\nfunction actionLogText() { return 'open the stored shoes'; }`;
    expect(scan(source)).toHaveLength(2);
    expect(scan(source, { logErrors: ['DocumentError'], logFunctions: ['actionLogText'] })).toEqual([]);
  });

  it('fails the page check on an English sentence written into a component', () => {
    const file = 'components/app/history/sample.ts';
    const bypasses = sentencesOutsideMsg(`export const notice = 'The stored shoes could not be opened.';`, file);
    expect(described(bypasses)).toEqual([`${file}:1: The stored shoes could not be opened.`]);
  });

  it('tells sentences from code', () => {
    for (const sentence of [
      'Storage is full: could not save.',
      'not saved yet (kept on this screen)',
      'Another scoreboard tab is open',
      'Reload the page',
    ]) {
      expect(looksLikeSentence(sentence), sentence).toBe(true);
    }
    for (const code of [
      'label totals with-letter',
      'tr[data-shoe-id]',
      'application/json',
      'bacc-hand-recorded',
      '[part="notice"]:not(.storage-trouble)',
      'Mini-Baccarat',
      'system-ui, sans-serif',
      'BPPTB',
      '2-digit',
      'bacc-scoreboard:console:Table 1',
    ]) {
      expect(looksLikeSentence(code), code).toBe(false);
    }
  });
});
