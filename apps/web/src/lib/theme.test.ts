import type { ColorSettings } from '@sideline/contract/channel';
import { expect, it } from 'vitest';
import { applyTheme, contrastRatio } from './theme';

const colors: ColorSettings = {
  'header-background': '#0B1F3A',
  'header-text-color': '#FFFFFF',
  'body-background': '#F4F6FA',
  'body-text-color': '#0B1F3A',
  'footer-background': '#0B1F3A',
  'footer-text-color': '#E6EAF0',
  'primary-color': '#F2B705',
  'primary-text-color': '#0B1F3A',
  'live-color': '#C81D25',
};

it('sets every colour and its opacity steps as custom properties', () => {
  applyTheme(colors);
  const style = document.documentElement.style;
  expect(style.getPropertyValue('--header-background')).toBe('#0B1F3A');
  expect(style.getPropertyValue('--live-color')).toBe('#C81D25');
  expect(style.getPropertyValue('--header-text-color-50')).toBe('rgba(255, 255, 255, 0.5)');
  for (const step of [5, 10, 20, 30, 50, 70, 95]) {
    expect(style.getPropertyValue(`--body-text-color-${step}`)).toBe(`rgba(11, 31, 58, ${step / 100})`);
  }
  for (const step of [20, 50, 70]) expect(style.getPropertyValue(`--footer-background-${step}`)).not.toBe('');
  for (const step of [10, 20, 50, 70]) expect(style.getPropertyValue(`--body-background-${step}`)).not.toBe('');
  for (const step of [10, 50, 70]) expect(style.getPropertyValue(`--header-background-${step}`)).not.toBe('');
});

it('measures contrast like WCAG', () => {
  expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
  expect(contrastRatio('#E63946', '#FFFFFF')).toBeCloseTo(4.17, 2);
});

it('keeps the brand accent only where it stands out', () => {
  applyTheme(colors);
  const style = document.documentElement.style;
  // Gold on navy is clear; gold on the pale body is not, so the body's accent falls back to its text colour.
  expect(style.getPropertyValue('--header-accent')).toBe('#F2B705');
  expect(style.getPropertyValue('--body-accent')).toBe('#0B1F3A');
  applyTheme({ ...colors, 'header-background': '#0F5132', 'primary-color': '#E63946', 'body-background': '#F7F9F6' });
  expect(style.getPropertyValue('--header-accent')).toBe('#FFFFFF');
  expect(style.getPropertyValue('--body-accent')).toBe('#E63946');
});
