import { describe, expect, it, vi } from 'vitest';
import { shareClip, shareUrl } from './share-link';

const clip = { id: 7, uuid: '4f0c1b6e-2a8d-4c1e-9b7a-0d3e5f6a7b8c', name: 'Dunk' };
const origin = 'https://hcn.example';
const link = `${origin}/share/7/${clip.uuid}`;

describe('sharing a clip', () => {
  it('builds the absolute link of the clip’s public page', () => {
    expect(shareUrl(clip, origin)).toBe(link);
  });

  it('copies the link, then opens the share sheet where there is one', async () => {
    const writeText = vi.fn(async () => undefined);
    const share = vi.fn(async () => undefined);
    expect(await shareClip(clip, { origin, clipboard: { writeText }, share })).toEqual({ copied: true, url: link });
    expect(writeText).toHaveBeenCalledWith(link);
    expect(share).toHaveBeenCalledWith({ title: 'Dunk', url: link });
  });

  it('says so when the clipboard refuses, and a closed share sheet is no failure', async () => {
    const writeText = vi.fn(async () => {
      throw new Error('denied');
    });
    const share = vi.fn(async () => {
      throw new DOMException('closed', 'AbortError');
    });
    expect(await shareClip(clip, { origin, clipboard: { writeText }, share })).toEqual({ copied: false, url: link });
    expect(await shareClip(clip, { origin })).toEqual({ copied: false, url: link });
  });
});
