import { createClipBodySchema } from '@sideline/contract/clips';
import { VALIDATION_MESSAGES as V } from '@sideline/contract/messages';
import { describe, expect, it } from 'vitest';
import { clipErrorKey, clipFormSchema, initialClipValues } from './clip-form';

const valid = { name: 'Buzzer beater', start_time: 10, duration: 30, tags: ['goal'] };
const messages = (values: object, endS: number | null = 120) => {
  const result = clipFormSchema(endS).safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('the clip editor', () => {
  it('starts a finished game at the player’s whole second with 30 s, a live one with the last 30 s from 0', () => {
    expect(initialClipValues(false, { currentTime: 42.7, duration: 600 })).toEqual({
      name: '',
      start_time: 42,
      duration: 30,
      tags: [],
    });
    expect(initialClipValues(false, null).start_time).toBe(0);
    expect(initialClipValues(true, { currentTime: 42.7, duration: null })).toMatchObject({
      start_time: 0,
      duration: 30,
    });
  });

  it('accepts a named, tagged clip within the game', () => {
    expect(messages(valid)).toEqual({});
    // Ending exactly on the recording's last second is allowed.
    expect(messages({ ...valid, start_time: 90, duration: 30 })).toEqual({});
  });

  it('asks for a name and a tag in the spec’s words', () => {
    const result = messages({ ...valid, name: '   ', tags: [] });
    expect(result.name).toBe(V.clipNameRequired);
    expect(result.tags).toBe(V.clipTagRequired);
    expect(clipErrorKey('name', result.name)).toBe('clips.validation.nameRequired');
    expect(clipErrorKey('tags', result.tags)).toBe('clips.validation.tagRequired');
  });

  it('refuses a clip that runs past the end of the game', () => {
    const result = messages({ ...valid, start_time: 100, duration: 30 });
    expect(result.duration).toBe(V.clipDurationTooLong);
    expect(clipErrorKey('duration', result.duration)).toBe('clips.validation.durationTooLong');
  });

  it('does not check the end when the game’s length is unknown (live)', () => {
    expect(messages({ ...valid, start_time: 0, duration: 60 }, null)).toEqual({});
  });

  it('keeps the length within 1 to 300 seconds, an empty number included', () => {
    for (const duration of [0, 301, Number.NaN]) {
      const result = messages({ ...valid, duration }, null);
      expect(clipErrorKey('duration', result.duration)).toBe('clips.validation.durationRange');
    }
    expect(clipErrorKey('start_time', messages({ ...valid, start_time: -1 }).start_time)).toBe(
      'clips.validation.startInvalid',
    );
  });

  it('agrees with the contract’s schema of a new clip on every field', () => {
    const samples = [
      valid,
      { ...valid, name: '' },
      { ...valid, name: '  ' },
      { ...valid, name: 'x'.repeat(120) },
      { ...valid, name: 'x'.repeat(121) },
      { ...valid, tags: [] },
      { ...valid, tags: Array.from({ length: 11 }, (_, i) => `t${i}`) },
      { ...valid, tags: ['x'.repeat(41)] },
      { ...valid, duration: 0 },
      { ...valid, duration: 300 },
      { ...valid, duration: 300.5 },
      { ...valid, start_time: -1 },
      { ...valid, start_time: 24 * 3600 + 1 },
    ];
    for (const sample of samples) {
      const contract = createClipBodySchema.safeParse({ event_id: 1, ...sample });
      const form = clipFormSchema(null).safeParse(sample);
      expect(form.success, JSON.stringify(sample)).toBe(contract.success);
      if (!form.success && !contract.success) {
        expect(form.error.issues.map((i) => i.message)).toEqual(contract.error.issues.map((i) => i.message));
      }
    }
  });

  it('has no message for a field without an error', () => {
    expect(clipErrorKey('name', undefined)).toBeNull();
  });
});
