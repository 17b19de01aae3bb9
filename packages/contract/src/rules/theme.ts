import { THEME_OPACITY_STEPS } from '../constants';

/** `#rrggbb` and an opacity percent to `rgba(r, g, b, a)`. */
export function withOpacity(hex: string, percent: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${percent / 100})`;
}

/**
 * CSS custom properties for a channel's colours: `--header-background` and, for the colours the spec names,
 * one property per opacity step, e.g. `--body-text-color-50`.
 */
export function themeProperties(colors: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(colors)) {
    out[`--${name}`] = value;
    const steps = (THEME_OPACITY_STEPS as Record<string, readonly number[]>)[name] ?? [];
    for (const step of steps) out[`--${name}-${step}`] = withOpacity(value, step);
  }
  return out;
}
