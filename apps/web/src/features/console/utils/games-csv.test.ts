import { describe, expect, it } from 'vitest';
import { cellsByLine, errorsByColumn, parseCsv, rowsFromDetails } from './games-csv';
import { readScheduleSearch, schedulePageOf, writeScheduleSearch } from './schedule-query';

describe('the import CSV', () => {
  it('parses quoted cells, doubled quotes, CRLF and skips blank lines', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi"""\n\n 1 ,2\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['1', '2'],
    ]);
  });

  it('numbers rows as the server does (the header is line 1, blank lines skipped)', () => {
    const cells = cellsByLine('date,time,Home,away,sport\n2027-03-14,19:30,north,south,basketball\n\nx,y,z,w,v');
    expect(cells.get(2)).toEqual({
      date: '2027-03-14',
      time: '19:30',
      home: 'north',
      away: 'south',
      sport: 'basketball',
    });
    expect(cells.get(3)?.home).toBe('z');
  });

  it('puts each error on its column, a start error on the date and the time', () => {
    const byColumn = errorsByColumn({
      line: 2,
      ok: false,
      game: null,
      errors: [
        { field: 'home', message: 'no team "x"' },
        { field: 'date', message: 'a date and time' },
        { field: 'row', message: 'odd' },
      ],
    });
    expect(byColumn).toEqual({
      home: ['no team "x"'],
      date: ['a date and time'],
      time: ['a date and time'],
      name: ['odd'],
    });
  });

  it('reads a refused real run’s details as rows', () => {
    expect(
      rowsFromDetails([
        { path: 'rows.3.home', message: 'no team' },
        { path: 'rows.3.price', message: 'a price' },
        { path: 'body.csv', message: 'no header' },
      ]),
    ).toEqual([
      {
        line: 3,
        ok: false,
        game: null,
        errors: [
          { field: 'home', message: 'no team' },
          { field: 'price', message: 'a price' },
        ],
      },
    ]);
  });
});

describe('schedule addresses', () => {
  it('reads and writes the filter and page', () => {
    expect(readScheduleSearch(new URLSearchParams('status=live&offset=20'))).toEqual({ status: 'live', offset: 20 });
    expect(readScheduleSearch(new URLSearchParams('status=odd&offset=-3'))).toEqual({ status: undefined, offset: 0 });
    expect(writeScheduleSearch({ status: 'upcoming', offset: 0 }).toString()).toBe('status=upcoming');
  });

  it('names the page under /console/schedule', () => {
    expect(schedulePageOf('')).toEqual({ kind: 'list' });
    expect(schedulePageOf('/new')).toEqual({ kind: 'new' });
    expect(schedulePageOf('/import/')).toEqual({ kind: 'import' });
    expect(schedulePageOf('/42')).toEqual({ kind: 'game', id: 42 });
    expect(schedulePageOf('/x')).toBeNull();
  });
});
