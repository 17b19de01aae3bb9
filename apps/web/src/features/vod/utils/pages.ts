/** Where a paged list stands: 1-based page, how many pages, and the offsets of the pages either side (or null). */
export function pageState({ total, offset, limit }: { total: number; offset: number; limit: number }) {
  const size = Math.max(1, limit);
  const pages = Math.max(1, Math.ceil(total / size));
  const page = Math.min(pages, Math.floor(offset / size) + 1);
  return {
    page,
    pages,
    previous: offset > 0 ? Math.max(0, offset - size) : null,
    next: offset + size < total ? offset + size : null,
  };
}

/** The image of a library video: its `image` asset, else its `preview`, else none. */
export function posterOf(assets: readonly { type: 'image' | 'preview'; path: string }[]): string | null {
  return (assets.find((a) => a.type === 'image') ?? assets.find((a) => a.type === 'preview'))?.path ?? null;
}
