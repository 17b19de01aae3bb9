import type { Clip } from '@sideline/contract/clips';

/** A fan's own clip of game 5 as the API answers it, just asked for (queued), with `fields` changed. */
export const clipOf = (fields: Partial<Clip>): Clip => ({
  id: 1,
  uuid: '4f0c1b6e-2a8d-4c1e-9b7a-0d3e5f6a7b8c',
  event_id: 5,
  event_media_id: null,
  name: '',
  start_time: 0,
  duration: 30,
  tags: [],
  status: 'queued',
  progress: 0,
  error: null,
  url: null,
  thumbnail: null,
  own: true,
  created_at: '2026-11-25T03:00:00.000Z',
  ...fields,
});
