import type { CreateClipBody } from '@sideline/contract/clips';
import { CLIP_MAX_DURATION_S, LIVE_CLIP_DURATIONS_S } from '@sideline/contract/constants';
import { VALIDATION_MESSAGES as V } from '@sideline/contract/messages';
import type { ParseKeys } from 'i18next';
import { z } from 'zod';

type ClipsKey = ParseKeys<'clips'>;

/** The default length offered for a finished game's clip. */
export const DEFAULT_CLIP_DURATION_S = 30;
/** The server checks the end with this tolerance: a clip may end on the recording's last frame. */
const END_TOLERANCE_S = 0.02;

export type ClipFormValues = Pick<CreateClipBody, 'name' | 'start_time' | 'duration' | 'tags'>;

/** Where the player is, read when the editor opens: its position and the recording's length (null if unknown). */
export type PlayerPosition = { currentTime: number; duration: number | null };

/** What the editor starts with: a finished game from the player's position, a live game with its shortest choice. */
export function initialClipValues(live: boolean, position: PlayerPosition | null): ClipFormValues {
  if (live) return { name: '', start_time: 0, duration: LIVE_CLIP_DURATIONS_S[0], tags: [] };
  const start = Math.max(0, Math.floor(position?.currentTime ?? 0));
  return { name: '', start_time: start, duration: DEFAULT_CLIP_DURATION_S, tags: [] };
}

/**
 * The fields of the contract's `createClipBodySchema`, with its bounds and the spec's messages. Not imported from
 * the contract: that module brings the event schema and its enums, and the enums module is in the first chunk, so
 * every value used would grow the first load. `clip-form.test.ts` checks that the two agree.
 */
const fieldsSchema = z.object({
  name: z.string().trim().min(1, V.clipNameRequired).max(120),
  start_time: z
    .number()
    .min(0)
    .max(24 * 3600),
  duration: z.number().min(1).max(CLIP_MAX_DURATION_S),
  tags: z.array(z.string().min(1).max(40)).min(1, V.clipTagRequired).max(10),
});

/**
 * The editor's checks: the contract's own (with the spec's messages for a missing name or tag), and, on a
 * finished game whose length is known, a clip that would run past its end ('Clip duration is longer than the
 * end time'), which only the server could tell otherwise.
 */
export const clipFormSchema = (endS: number | null) =>
  fieldsSchema.superRefine((values, ctx) => {
    if (endS !== null && values.start_time + values.duration > endS + END_TOLERANCE_S) {
      ctx.addIssue({ code: 'custom', path: ['duration'], message: V.clipDurationTooLong });
    }
  });

/** The translation of a field's error, by the spec message the schema gave it (never zod's own English). */
export function clipErrorKey(field: keyof ClipFormValues, message: string | undefined): ClipsKey | null {
  if (message === undefined) return null;
  if (message === V.clipDurationTooLong) return 'clips.validation.durationTooLong';
  switch (field) {
    case 'name':
      return 'clips.validation.nameRequired';
    case 'tags':
      return 'clips.validation.tagRequired';
    case 'duration':
      return 'clips.validation.durationRange';
    case 'start_time':
      return 'clips.validation.startInvalid';
  }
}

export { CLIP_MAX_DURATION_S, LIVE_CLIP_DURATIONS_S };
