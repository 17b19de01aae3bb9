/** Generated artwork for the demo: team crests, banners and slides as SVG, so no binary is committed. */

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string);

/** A shield crest with the team's initials. */
export function crestSvg({ initials, color, accent }: { initials: string; color: string; accent: string }): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" role="img" aria-label="${esc(initials)}">
<path d="M60 6 L108 22 V58 C108 88 86 106 60 114 C34 106 12 88 12 58 V22 Z" fill="${color}" stroke="${accent}" stroke-width="6"/>
<path d="M24 30 L96 30" stroke="${accent}" stroke-width="4" opacity="0.6"/>
<text x="60" y="76" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="${initials.length > 2 ? 30 : 38}" fill="${accent}">${esc(initials)}</text>
</svg>
`;
}

/** A 16:9 banner in the team's colours with its name. */
export function bannerSvg({
  title,
  subtitle,
  color,
  accent,
}: {
  title: string;
  subtitle: string;
  color: string;
  accent: string;
}) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1280 720" role="img" aria-label="${esc(title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#111827"/></linearGradient></defs>
<rect width="1280" height="720" fill="url(#g)"/>
<path d="M0 560 L1280 380 V720 H0 Z" fill="${accent}" opacity="0.18"/>
<text x="80" y="330" font-family="Arial, Helvetica, sans-serif" font-weight="800" font-size="92" fill="#ffffff">${esc(title)}</text>
<text x="84" y="410" font-family="Arial, Helvetica, sans-serif" font-size="44" fill="${accent}">${esc(subtitle)}</text>
</svg>
`;
}

/** A 16:9 slide: a headline over two colour fields. */
export function slideSvg({
  title,
  subtitle,
  left,
  right,
}: {
  title: string;
  subtitle: string;
  left: string;
  right: string;
}) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 900" role="img" aria-label="${esc(title)}">
<rect width="1600" height="900" fill="${left}"/>
<path d="M900 0 H1600 V900 H600 Z" fill="${right}"/>
<rect x="0" y="560" width="1600" height="340" fill="#000000" opacity="0.35"/>
<text x="96" y="700" font-family="Arial, Helvetica, sans-serif" font-weight="800" font-size="88" fill="#ffffff">${esc(title)}</text>
<text x="100" y="790" font-family="Arial, Helvetica, sans-serif" font-size="44" fill="#f3f4f6">${esc(subtitle)}</text>
</svg>
`;
}

/** A simple pictogram tile for a sport. */
export function sportSvg({ label, color }: { label: string; color: string }) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 90" role="img" aria-label="${esc(label)}">
<rect width="160" height="90" rx="10" fill="${color}"/>
<circle cx="80" cy="38" r="20" fill="none" stroke="#ffffff" stroke-width="5"/>
<text x="80" y="80" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="13" fill="#ffffff">${esc(label)}</text>
</svg>
`;
}

/** Breaks a title into lines of about `width` characters, at spaces. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** A 16:9 library poster: the category, the title (on up to three lines) and a play mark. */
export function posterSvg({ title, label, color }: { title: string; label: string; color: string }) {
  const lines = wrap(title, 22).slice(0, 3);
  const top = 560 - (lines.length - 1) * 84;
  const tspans = lines.map((line, i) => `<tspan x="80" y="${top + i * 84}">${esc(line)}</tspan>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1280 720" role="img" aria-label="${esc(title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#0b1120"/></linearGradient></defs>
<rect width="1280" height="720" fill="url(#g)"/>
<circle cx="1110" cy="170" r="86" fill="#ffffff" opacity="0.9"/>
<path d="M1080 120 L1160 170 L1080 220 Z" fill="${color}"/>
<text x="80" y="150" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="44" fill="#ffffff" opacity="0.85">${esc(label.toUpperCase())}</text>
<text font-family="Arial, Helvetica, sans-serif" font-weight="800" font-size="76" fill="#ffffff">${tspans}</text>
</svg>
`;
}
