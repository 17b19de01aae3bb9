import type { Branding } from '@sideline/contract/console';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { mockedCall } from '@/test/mocked-api';
import { addConsoleTexts } from '../texts';
import { BrandingForm } from './branding-form';

vi.mock('@/lib/api-client', async () => (await import('@/test/fake-api-client')).fakeApiClient());

beforeAll(() => addConsoleTexts());

const branding: Branding = {
  name: 'Heartland',
  short_name: 'HL',
  description: '',
  logo: null,
  language: 'en',
  currency: 'USD',
  time_zone: 'America/Chicago',
  colors: {
    'header-background': '#0B1F3A',
    'header-text-color': '#FFFFFF',
    'body-background': '#FFFFFF',
    'body-text-color': '#111827',
    'footer-background': '#0B1F3A',
    'footer-text-color': '#FFFFFF',
    'primary-color': '#C8102E',
    'primary-text-color': '#FFFFFF',
    'live-color': '#DC2626',
  },
  google_tag: null,
  yare_analytics_key: null,
  sentry_dsn: null,
  geo: { allow: null, block: [] },
};

const renderForm = (canWrite: boolean) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <BrandingForm branding={branding} canWrite={canWrite} />
    </QueryClientProvider>,
  );

describe('branding form', () => {
  it('is read-only without a Save button for a role that cannot write', () => {
    renderForm(false);
    expect(screen.getByLabelText('Name')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(screen.getByText('Your role can see these settings but not change them.')).toBeInTheDocument();
  });

  it('previews the unsaved colour and sends only what changed', async () => {
    mockedCall(api.patch).mockResolvedValue({
      data: { ...branding, colors: { ...branding.colors, 'primary-color': '#123456' } },
    });
    renderForm(true);
    const primary = screen.getByLabelText('Primary colour');
    await userEvent.clear(primary);
    await userEvent.type(primary, '#123456');
    expect(screen.getByTestId('preview-primary')).toHaveStyle({ background: '#123456' });
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(api.patch).toHaveBeenCalledWith('/console/branding', {
      body: { colors: { 'primary-color': '#123456' } },
      quiet: [400],
    });
    expect(await screen.findByRole('button', { name: 'Save changes' })).toBeInTheDocument();
  });

  it('shows the server’s validation details on their fields', async () => {
    mockedCall(api.patch).mockRejectedValue(
      new ApiError({
        status: 400,
        code: 'validation_failed',
        message: 'body.time_zone: a time zone like Europe/Sofia',
        url: '/api/console/branding',
        details: [{ path: 'body.time_zone', message: 'a time zone like Europe/Sofia' }],
      }),
    );
    renderForm(true);
    await userEvent.clear(screen.getByLabelText('Time zone'));
    await userEvent.type(screen.getByLabelText('Time zone'), 'Europe/Paris');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('A time zone like Europe/Sofia')).toBeInTheDocument();
    expect(screen.getByLabelText('Time zone')).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a wrong colour before sending anything', async () => {
    mockedCall(api.patch).mockClear();
    renderForm(true);
    await userEvent.clear(screen.getByLabelText('Live badge'));
    await userEvent.type(screen.getByLabelText('Live badge'), 'red');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('A colour like #1a2b3c')).toBeInTheDocument();
    expect(api.patch).not.toHaveBeenCalled();
  });
});
