import { expect } from '@open-wc/testing';
import { hourRows, roomHands, roomOutcomes, sortRows, tableRows } from '../../../../components/app/reports/report-figures.js';
import { periodRange, shiftAt } from '../../../../components/app/reports/report-period.js';
import { recorderAddress } from '../../../../components/app/shared/recorder-api.js';
import { reportOf } from './fake-recorder.js';

describe('the reports page’s figures', () => {
  const from = new Date(2026, 2, 1).toISOString();
  const to = new Date(2026, 2, 2).toISOString();

  it('paces a table over its hours with hands, not over an hour that only started a shoe', () => {
    const report = reportOf(from, to);
    report.tables[0]!.hours.push({
      ...report.tables[0]!.hours[0]!,
      hour: new Date(2026, 2, 1, 9).toISOString(),
      hands: 0,
      shoes: 1,
      banker: 0,
      player: 0,
      tie: 0,
      carded: 0,
      naturals: 0,
      playerPairs: 0,
      bankerPairs: 0,
    });
    const [table7] = tableRows(report, 60);
    expect(table7!.hoursPlayed).to.equal(2);
    expect(table7!.pace).to.equal(306);
    const shoeOnly = hourRows(report, 60).find((row) => row.table === 'Table 7' && row.hands === 0)!;
    expect(shoeOnly.pace).to.equal(null);
    expect(shoeOnly.belowTarget).to.be.false;
  });

  it('adds the room’s hands by hour, and weighs each table’s exact shares by its hands', () => {
    const report = reportOf(from, to);
    expect(roomHands(report).map((point) => point.hands)).to.deep.equal([130, 300, 352]);
    const outcomes = roomOutcomes(report)!;
    expect(outcomes.observed[0]).to.be.closeTo(359 / 782, 1e-12);
    expect(outcomes.exact[0]).to.be.closeTo((652 * 0.458597 + 130 * 0.458653) / 782, 1e-12);
  });

  it('sorts unknown values last whichever way, and equal values in their first order', () => {
    const rows = [
      { n: 2, at: 'a' },
      { n: null, at: 'b' },
      { n: 1, at: 'c' },
      { n: 2, at: 'd' },
    ];
    expect(sortRows(rows, (row) => row.n, 'descending').map((row) => row.at)).to.deep.equal(['a', 'd', 'c', 'b']);
    expect(sortRows(rows, (row) => row.n, 'ascending').map((row) => row.at)).to.deep.equal(['c', 'a', 'd', 'b']);
    expect(sortRows(['Table 10', 'Table 2'], (name) => name, 'ascending')).to.deep.equal(['Table 2', 'Table 10']);
  });

  it('turns a day, the shifts and a range into local instants, refusing one that ends before it starts', () => {
    expect(periodRange('2026-03-01', { kind: 'day' })).to.deep.equal({ from: new Date(2026, 2, 1), to: new Date(2026, 2, 2) });
    expect(periodRange('2026-03-01', { kind: 'shift', shift: 1 })).to.deep.equal({
      from: new Date(2026, 2, 1, 14),
      to: new Date(2026, 2, 1, 22),
    });
    expect(periodRange('2026-03-01', { kind: 'from', start: '07:30' })).to.deep.equal({
      from: new Date(2026, 2, 1, 7, 30),
      to: new Date(2026, 2, 1, 15, 30),
    });
    expect(periodRange('2026-03-01', { kind: 'range', from: '2026-03-02T10:00', to: '2026-03-01T10:00' })).to.equal(null);
    expect(periodRange('2026-02-31', { kind: 'day' })).to.equal(null);
    expect(shiftAt(new Date(2026, 2, 2, 3))).to.deep.equal({ day: '2026-03-01', shift: 2 });
    expect(shiftAt(new Date(2026, 2, 2, 14))).to.deep.equal({ day: '2026-03-02', shift: 1 });
  });

  it('reads a recorder address as typed, refusing a path or a credential', () => {
    expect(recorderAddress('pit.local:8080')).to.equal('http://pit.local:8080');
    expect(recorderAddress(' https://pit.example/ ')).to.equal('https://pit.example');
    expect(recorderAddress('http://user:secret@pit.local:8080')).to.equal(null);
    expect(recorderAddress('http://pit.local:8080/api')).to.equal(null);
    expect(recorderAddress('ws://pit.local:8080')).to.equal(null);
  });
});
