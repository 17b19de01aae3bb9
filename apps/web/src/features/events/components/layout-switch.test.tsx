import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { storage } from '@/lib/storage';
import { DEFAULT_LAYOUT, layoutStore, useEventsLayout } from '../stores/layout-store';
import { LayoutSwitch } from './layout-switch';

function Switch() {
  return <LayoutSwitch layout={useEventsLayout()} />;
}

afterEach(() => {
  layoutStore.set(DEFAULT_LAYOUT);
  storage.remove('events-layout');
});

describe('layout switch', () => {
  it('is two radio groups, grid/list and cards/table, starting on a grid of cards', () => {
    render(<Switch />);
    expect(screen.getByRole('group', { name: 'Arrangement' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Display' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Grid' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Cards' })).toBeChecked();
  });

  it('switches and remembers the choice', async () => {
    render(<Switch />);
    await userEvent.click(screen.getByRole('radio', { name: 'List' }));
    expect(screen.getByRole('radio', { name: 'List' })).toBeChecked();
    expect(storage.getJson('events-layout')).toEqual({ list: 'list', item: 'card' });
    await userEvent.click(screen.getByRole('radio', { name: 'Table' }));
    expect(storage.getJson('events-layout')).toEqual({ list: 'list', item: 'table' });
  });

  it('rests the grid/list choice while a table shows (a table is always a list)', async () => {
    render(<Switch />);
    await userEvent.click(screen.getByRole('radio', { name: 'Table' }));
    expect(screen.getByRole('radio', { name: 'Grid' })).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: 'Cards' }));
    expect(screen.getByRole('radio', { name: 'Grid' })).toBeEnabled();
  });
});
