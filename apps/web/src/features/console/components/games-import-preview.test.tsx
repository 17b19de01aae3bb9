import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { addConsoleTexts } from '../texts';
import { cellsByLine } from '../utils/games-csv';
import { GamesImportPreview } from './games-import-preview';

beforeAll(() => addConsoleTexts());

const csv = [
  'date,time,home,away,sport,venue,access,price,name',
  '2027-03-14,19:30,north-high,south-high,basketball,,ppv,12.99,',
  '2027-03-15,19:30,nowhere,south-high,basketball,,ppv,,',
].join('\n');

describe('the import preview', () => {
  it('shows every row, flags the bad one and puts each error in its column', () => {
    render(
      <GamesImportPreview
        cells={cellsByLine(csv)}
        rows={[
          { line: 2, ok: true, errors: [], game: null },
          {
            line: 3,
            ok: false,
            game: null,
            errors: [
              { field: 'home', message: 'no team "nowhere" in the catalogue' },
              { field: 'price', message: 'a pay-per-view game needs a price above 0' },
            ],
          },
        ]}
      />,
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const [good, bad] = rows as [HTMLElement, HTMLElement];
    expect(within(good).getByRole('rowheader').textContent).toBe('2');
    expect(within(good).getByText('OK')).toBeTruthy();
    expect(good.getAttribute('data-ok')).toBe('true');
    expect(within(bad).getByText('Errors')).toBeTruthy();
    const home = bad.querySelector('[data-column="home"]') as HTMLElement;
    expect(home.textContent).toBe('nowhereno team "nowhere" in the catalogue');
    expect(home.className).toMatch(/badCell/);
    const price = bad.querySelector('[data-column="price"]') as HTMLElement;
    expect(price.textContent).toBe('a pay-per-view game needs a price above 0');
    const away = bad.querySelector('[data-column="away"]') as HTMLElement;
    expect(away.textContent).toBe('south-high');
    expect(away.className).toBe('');
  });
});
