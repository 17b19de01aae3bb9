import type { ColorSettings } from '@sideline/contract/channel';
import { themeProperties } from '@sideline/contract/rules/theme';

/** WCAG relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r = 0, g = 0, b = 0] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two `#rrggbb` colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The brand colour where it stands out on `background` (3:1, the bar for indicators), else the text colour. */
const accentOn = (background: string, brand: string, text: string) =>
  contrastRatio(brand, background) >= 3 ? brand : text;

/**
 * The channel's colours as CSS custom properties on the page, with the spec's opacity steps, plus two accents
 * (active menu item, progress bar, decorations) that keep the brand colour only where it is visible enough.
 */
export function applyTheme(colors: ColorSettings, root: HTMLElement = document.documentElement) {
  const properties = {
    ...themeProperties(colors),
    '--header-accent': accentOn(colors['header-background'], colors['primary-color'], colors['header-text-color']),
    '--body-accent': accentOn(colors['body-background'], colors['primary-color'], colors['body-text-color']),
  };
  for (const [name, value] of Object.entries(properties)) root.style.setProperty(name, value);
  // The browser chrome on phones takes the header colour too.
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', colors['header-background']);
}
