/**
 * The columns of the reports page's three tables (per table, per table and hour, every test):
 * each one's heading, the value it sorts by, and its cell. A share shows its count, its percentage
 * and, per table, the exact percentage for the table's decks; naturals and pairs of hands whose
 * cards were not recorded are unknown ("–"), and sort last. A pace below the target says so in words.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg, str } from '@lit/localize';
import type { FigureRow, HourRow, Share, TableRow } from './report-figures.js';
import type { TestRow } from '../shared/recorder-api.js';
import type { Column } from './sortable-table.js';
import { UNKNOWN, formatCount, formatDecimal, formatHour, formatP, formatPercent, testName, verdictText } from './report-words.js';

/** The tables of the page, each sorted on its own. */
export type ReportTableName = 'tables' | 'hours' | 'tests';

function shareCell(share: Share, known: boolean, withExact: boolean): TemplateResult {
  if (!known)
    return html`<span class="count" title=${msg('No hand with its cards recorded', { id: 'reports-not-carded' })}>${UNKNOWN}</span>`;
  const exact = formatPercent(share.exact, 2);
  return html`<span class="count">${formatCount(share.count)}</span> <span class="share">${formatPercent(share.share)}</span>${
      withExact ? html` <span class="exact">${msg(str`exact ${exact}`, { id: 'reports-exact' })}</span>` : nothing
    }`;
}

function paceCell(row: FigureRow, target: number, shown: string): TemplateResult {
  if (row.pace === null) return html`${shown}`;
  return html`<span class="pace">${shown}</span>${
      row.belowTarget ? html` <span class="below">${msg(str`▼ below ${target}`, { id: 'reports-below-target' })}</span>` : nothing
    }`;
}

/** The columns every row of figures has, after its first ones. */
function figureColumns<T extends FigureRow>(withExact: boolean): Column<T>[] {
  const known = (row: T): boolean => row.carded > 0;
  const outcome = (key: 'banker' | 'player' | 'tie', label: string): Column<T> => ({
    key,
    label,
    numeric: true,
    value: (row) => row[key].share,
    cell: (row) => shareCell(row[key], true, withExact),
  });
  const carded = (key: 'naturals' | 'playerPairs' | 'bankerPairs', label: string): Column<T> => ({
    key,
    label,
    numeric: true,
    value: (row) => (known(row) ? row[key].share : null),
    cell: (row) => shareCell(row[key], known(row), withExact),
  });
  return [
    outcome('banker', msg('Banker', { id: 'reports-banker' })),
    outcome('player', msg('Player', { id: 'reports-player' })),
    outcome('tie', msg('Tie', { id: 'reports-tie' })),
    carded('naturals', msg('Naturals', { id: 'reports-naturals' })),
    carded('playerPairs', msg('Player pairs', { id: 'reports-player-pairs' })),
    carded('bankerPairs', msg('Banker pairs', { id: 'reports-banker-pairs' })),
  ];
}

/** Per table over the whole time: pace over the hours with play, against `target`. */
export function tableColumns(target: number): Column<TableRow>[] {
  return [
    {
      key: 'table',
      label: msg('Table', { id: 'reports-table' }),
      value: (row) => row.table,
      cell: (row) => {
        const { decks } = row;
        return html`${row.table} <span class="decks">${msg(str`${decks} decks`, { id: 'reports-decks' })}</span>`;
      },
    },
    {
      key: 'hands',
      label: msg('Hands', { id: 'reports-hands' }),
      numeric: true,
      value: (row) => row.hands,
      cell: (row) => formatCount(row.hands),
    },
    {
      key: 'shoes',
      label: msg('Shoes', { id: 'reports-shoes' }),
      numeric: true,
      value: (row) => row.shoes,
      cell: (row) => formatCount(row.shoes),
    },
    {
      key: 'hours',
      label: msg('Hours played', { id: 'reports-hours-played' }),
      numeric: true,
      value: (row) => row.hoursPlayed,
      cell: (row) => formatCount(row.hoursPlayed),
    },
    {
      key: 'pace',
      label: msg('Hands per hour', { id: 'reports-pace' }),
      numeric: true,
      value: (row) => row.pace,
      cell: (row) => paceCell(row, target, formatDecimal(row.pace)),
    },
    ...figureColumns<TableRow>(true),
  ];
}

/** Per table and hour: the hour's hands are its pace. */
export function hourColumns(withDate: boolean, target: number): Column<HourRow>[] {
  return [
    {
      key: 'hour',
      label: msg('Hour', { id: 'reports-hour' }),
      value: (row) => Date.parse(row.hour),
      cell: (row) => formatHour(row.hour, withDate),
    },
    { key: 'table', label: msg('Table', { id: 'reports-table' }), value: (row) => row.table, cell: (row) => row.table },
    {
      key: 'hands',
      label: msg('Hands', { id: 'reports-hands' }),
      numeric: true,
      value: (row) => row.hands,
      cell: (row) => paceCell(row, target, formatCount(row.hands)),
    },
    {
      key: 'shoes',
      label: msg('Shoes', { id: 'reports-shoes' }),
      numeric: true,
      value: (row) => row.shoes,
      cell: (row) => formatCount(row.shoes),
    },
    ...figureColumns<HourRow>(false),
  ];
}

/** Every test the recorder made, with its figures and verdict. */
export function testColumns(): Column<TestRow>[] {
  const list = (values: readonly number[], format: (value: number) => string): string => values.map(format).join(' / ');
  return [
    { key: 'table', label: msg('Table', { id: 'reports-table' }), value: (row) => row.table, cell: (row) => row.table },
    { key: 'test', label: msg('Test', { id: 'reports-test' }), value: (row) => testName(row.test), cell: (row) => testName(row.test) },
    {
      key: 'observed',
      label: msg('Observed', { id: 'reports-observed-heading' }),
      numeric: true,
      value: (row) => row.observed[0] ?? null,
      cell: (row) => list(row.observed, formatCount),
    },
    {
      key: 'expected',
      label: msg('Expected', { id: 'reports-expected-heading' }),
      numeric: true,
      value: (row) => row.expected[0] ?? null,
      cell: (row) => list(row.expected, formatDecimal),
    },
    {
      key: 'statistic',
      label: msg('Chi-square', { id: 'reports-statistic' }),
      numeric: true,
      value: (row) => row.statistic,
      cell: (row) => (row.statistic === null ? UNKNOWN : row.statistic.toFixed(2)),
    },
    {
      key: 'df',
      label: msg('df', { id: 'reports-df' }),
      numeric: true,
      value: (row) => row.df,
      cell: (row) => (row.df === null ? UNKNOWN : String(row.df)),
    },
    { key: 'p', label: 'p', numeric: true, value: (row) => row.p, cell: (row) => formatP(row.p) },
    {
      key: 'verdict',
      label: msg('Verdict', { id: 'reports-verdict' }),
      value: (row) => ['flagged', 'too-few', 'within'].indexOf(row.verdict),
      cell: (row) => html`<span class="verdict-${row.verdict}">${verdictText(row.verdict)}</span>`,
    },
  ];
}
