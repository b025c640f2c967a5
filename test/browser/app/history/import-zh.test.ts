import { expect, fixture, html } from '@open-wc/testing';
import '../../../../components/app/history/bacc-history.js';
import type { BaccHistory } from '../../../../components/app/history/bacc-history.js';
import { closeStorage, openStorage } from '../../../../components/app/shared/data/storage.js';
import { useLocale } from '../../../../components/app/shared/localization.js';
import { ScoreboardStore } from '../../../../components/app/shared/data/scoreboard-store.js';
import { shoeDocumentText, type ShoeRecord } from '../../../../src/shoes/document.js';
import { shoeAt } from './history-fixtures.js';

/** Two stored shoes; the files below are made from two others (seeds without English words, so their ids are the only Latin). */
const STORED = [shoeAt('z1', 'Table 1', '2026-03-01T12:00:00.000Z'), shoeAt('z2', 'Table 1', '2026-03-02T12:00:00.000Z')];
const IN_FILE = [shoeAt('z3', 'Table 1', '2026-03-03T12:00:00.000Z'), shoeAt('z4', 'Table 1', '2026-03-04T12:00:00.000Z')];
const FILE_NAME = 'shoes.json';

type Document = {
  version: number;
  shoes: (Omit<ShoeRecord, 'rules' | 'hands'> & { rules: Record<string, unknown>; hands: Record<string, unknown>[] })[];
};

/** The export of IN_FILE, broken by `change`, as the file a person would choose. */
function brokenFile(change: (document: Document) => void): File {
  const document = JSON.parse(shoeDocumentText(IN_FILE)) as Document;
  change(document);
  return new File([JSON.stringify(document)], FILE_NAME, { type: 'application/json' });
}

/** Latin words of three letters or more, once the file name and the shoes' ids are taken out: English left on a Chinese screen. */
function englishWords(text: string): string[] {
  let rest = text.replaceAll(FILE_NAME, '');
  for (const shoe of [...STORED, ...IN_FILE]) rest = rest.replaceAll(shoe.id, '');
  return rest.match(/[A-Za-z]{3,}/g) ?? [];
}

const BROKEN: [string, (document: Document) => void, string][] = [
  [
    'a hand whose cards contradict its outcome',
    (d) => (d.shoes[1]!.hands[2]!.outcome = d.shoes[1]!.hands[2]!.outcome === 'B' ? 'P' : 'B'),
    '第 3 局，结果：牌 ',
  ],
  ['a field of the wrong type', (d) => (d.shoes[1]!.hands[4]!.natural = 5), '第 5 局，例牌：类型不对：应为是或否（布尔值），实际为5'],
  ['a missing field', (d) => delete (d.shoes[0] as Partial<Document['shoes'][0]>).startedAt, '开始时间：缺少此项'],
  ['a day its month does not have', (d) => (d.shoes[0]!.endedAt = '2026-02-30T10:00:00.000Z'), '结束时间：日期无效'],
  ['rules out of range', (d) => (d.shoes[0]!.rules.decks = 12), '规则：牌副数必须是 1 到 8 的整数；实际为 12'],
  [
    'a card the tableau would not deal',
    (d) => (d.shoes[0]!.hands[0]!.cards = ['9H', '2C', 'KD', '5S', '3H']),
    '第 1 局，牌：多出的牌 3H：闲家拿到例牌 9 点',
  ],
  ['an unknown card', (d) => ((d.shoes[0]!.hands[0]!.cards as string[])[1] = 'ZZ'), '第 2 张牌：无法识别的牌“ZZ”'],
  ['hands out of the order their seed deals', (d) => d.shoes[1]!.hands.reverse(), '这不是种子“z4”按这些规则发出的牌局'],
  ['a seed on a recorded shoe', (d) => (d.shoes[0]!.source = 'recorded'), '种子：记录的牌靴没有种子'],
  ['a newer version', (d) => (d.version = 3), '文件版本 3 比本程序能读取的版本（2）新'],
];

describe('<bacc-history> refusing an import in Simplified Chinese', () => {
  let databaseName = '';

  beforeEach(async () => {
    databaseName = `bacc-import-zh-test-${crypto.randomUUID()}`;
    const store = await openStorage({ name: databaseName });
    await store.importShoes(STORED);
    await useLocale('zh-Hans');
  });

  afterEach(async () => {
    await useLocale('en');
    await closeStorage();
    await ScoreboardStore.deleteDatabase(databaseName);
  });

  for (const [what, change, expected] of BROKEN) {
    it(`says why it refuses ${what} in Chinese, with no English word left`, async () => {
      const el = await fixture<BaccHistory>(html`<bacc-history page-size="5"></bacc-history>`);
      await el.refresh();
      await el.importFile(brokenFile(change));
      await el.updateComplete;
      const notice = el.shadowRoot!.querySelector<HTMLElement>('[part="notice"]:not(.storage-trouble)')!;
      const text = notice.textContent;
      expect(notice.getAttribute('role')).to.equal('alert');
      expect(text).to.match(/^“shoes\.json”不是有效的牌靴导出文件：/);
      expect(text).to.contain(expected);
      expect(text).to.match(/。 未导入任何内容。$/);
      expect(englishWords(text), text).to.deep.equal([]);
    });
  }

  const NOT_JSON: [string, string, string][] = [
    ['text that breaks off', '{"format": "baccarat-shoes", "shoes": [', '“shoes.json”不是有效的 JSON：内容在第 1 行第 40 列处中断。'],
    [
      'an unexpected character',
      '{\n  "format": "baccarat-shoes",\n  "shoes": [}\n',
      '“shoes.json”不是有效的 JSON：第 3 行第 13 列有一个不应出现的字符。',
    ],
  ];
  for (const [what, text, expected] of NOT_JSON) {
    it(`says a file is not JSON in its own words for ${what}, not in the browser's English, and logs the browser's words`, async () => {
      const warned: string[] = [];
      const warn = console.warn;
      console.warn = (...args: unknown[]) => warned.push(args.join(' '));
      try {
        const el = await fixture<BaccHistory>(html`<bacc-history page-size="5"></bacc-history>`);
        await el.refresh();
        await el.importFile(new File([text], FILE_NAME, { type: 'application/json' }));
        await el.updateComplete;
        const notice = el.shadowRoot!.querySelector<HTMLElement>('[part="notice"]:not(.storage-trouble)')!;
        expect(notice.getAttribute('role')).to.equal('alert');
        expect(notice.textContent).to.equal(`${expected} 未导入任何内容。`);
        // JSON is the format's name, not English.
        expect(englishWords(notice.textContent.replaceAll('JSON', '')), notice.textContent).to.deep.equal([]);
      } finally {
        console.warn = warn;
      }
      expect(warned.some((line) => line.includes('The browser says:') && /JSON/.test(line))).to.equal(true);
    });
  }

  it('names the shoe and its id, as the English does', async () => {
    const el = await fixture<BaccHistory>(html`<bacc-history page-size="5"></bacc-history>`);
    await el.refresh();
    await el.importFile(brokenFile((d) => (d.shoes[1]!.hands[4]!.natural = 5)));
    await el.updateComplete;
    const text = el.shadowRoot!.querySelector('[part="notice"]:not(.storage-trouble)')!.textContent;
    expect(text).to.contain(`第 2 靴（ID“${IN_FILE[1]!.id}”），第 5 局，例牌：`);
  });
});
