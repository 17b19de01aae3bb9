import { access, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { bannerSvg, crestSvg, posterSvg, slideSvg, sportSvg } from './svg';
import type { ChannelSeed } from './types';

/** Public paths of a channel's generated artwork, as stored in the database. */
export const artworkPaths = (slug: string) => {
  const base = `/media/images/${slug}`;
  return {
    crest: (school: string) => `${base}/crest-${school}.svg`,
    banner: (team: string) => `${base}/banner-${team}.svg`,
    sport: (sport: string) => `${base}/sport-${sport}.svg`,
    slide: (n: number) => `${base}/slide-${n}.svg`,
    vodPoster: (n: number) => `${base}/vod-${n}.svg`,
  };
};

export const teamAlias = (school: string, sport: string, gender: string) => `${school}-${sport}-${gender}`;

/** Writes the channel's SVG artwork under the media folder; files already there are kept. */
export async function writeArtwork(seed: ChannelSeed, mediaDir: string): Promise<number> {
  const files = new Map<string, string>();
  const paths = artworkPaths(seed.slug);
  for (const s of seed.schools)
    files.set(paths.crest(s.alias), crestSvg({ initials: s.initials, color: s.color, accent: s.accent }));
  for (const sp of seed.sports) files.set(paths.sport(sp.alias), sportSvg({ label: sp.name, color: sp.color }));
  for (const t of seed.teams) {
    const school = seed.schools.find((s) => s.alias === t.school);
    const sport = seed.sports.find((s) => s.alias === t.sport);
    if (!school || !sport) continue;
    files.set(
      paths.banner(teamAlias(t.school, t.sport, t.gender)),
      bannerSvg({
        title: `${school.shortName} ${school.nickname}`,
        subtitle: `${seed.genderLabels[t.gender]} ${sport.name}`,
        color: school.color,
        accent: school.accent,
      }),
    );
  }
  seed.slides.forEach((slide, i) => {
    const a = seed.schools[i % seed.schools.length];
    const b = seed.schools[(i + 3) % seed.schools.length];
    files.set(
      paths.slide(i + 1),
      slideSvg({
        title: slide.title,
        subtitle: slide.subtitle,
        left: a?.color ?? '#111827',
        right: b?.color ?? '#374151',
      }),
    );
  });
  seed.library.items.forEach((item, i) => {
    const school = seed.schools[i % seed.schools.length];
    const category = seed.library.categories.find((c) => c.alias === item.category);
    files.set(
      paths.vodPoster(i + 1),
      posterSvg({ title: item.title, label: category?.name ?? '', color: school?.color ?? '#1f2937' }),
    );
  });
  let written = 0;
  for (const [publicPath, svg] of files) {
    const file = path.join(mediaDir, publicPath.replace(/^\/media\//, ''));
    const exists = await access(file).then(
      () => true,
      () => false,
    );
    if (exists) continue;
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, svg);
    written++;
  }
  return written;
}
