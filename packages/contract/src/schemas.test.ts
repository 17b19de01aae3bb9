import { describe, expect, it } from 'vitest';
import { registerBodySchema } from './auth';
import { eventsQuerySchema } from './events';
import { addFavoriteBodySchema } from './favorites';
import { VALIDATION_MESSAGES } from './messages';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : (r.error?.issues.map((i) => i.message) ?? []);

describe('registration schema', () => {
  const valid = {
    first_name: 'Ana',
    last_name: 'Ivanova',
    email: 'Ana@Example.org ',
    password: 'correct horse',
    password_confirmation: 'correct horse',
    terms_accepted: true,
  };

  it('accepts a valid registration and normalises the e-mail', () => {
    expect(registerBodySchema.parse(valid).email).toBe('ana@example.org');
  });

  it('gives the spec messages', () => {
    expect(messages(registerBodySchema.safeParse({ ...valid, email: 'nope' }))).toContain(VALIDATION_MESSAGES.email);
    expect(messages(registerBodySchema.safeParse({ ...valid, first_name: ' ' }))).toContain('Enter your first name');
    expect(messages(registerBodySchema.safeParse({ ...valid, password_confirmation: 'other' }))).toContain(
      "PASSWORDS DON'T MATCH",
    );
    expect(messages(registerBodySchema.safeParse({ ...valid, terms_accepted: false }))).toContain(
      VALIDATION_MESSAGES.acceptTerms,
    );
  });

  it('takes phones of 10 to 14 digits with separators', () => {
    expect(registerBodySchema.safeParse({ ...valid, phone: '+1 (312) 555-0142' }).success).toBe(true);
    expect(registerBodySchema.safeParse({ ...valid, phone: '555-0142' }).success).toBe(false);
    expect(registerBodySchema.safeParse({ ...valid, phone: '1234567890123456' }).success).toBe(false);
    expect(registerBodySchema.safeParse({ ...valid, phone: '' }).success).toBe(true);
  });
});

describe('events query', () => {
  it('parses lists and defaults, and refuses unknown fields', () => {
    const q = eventsQuerySchema.parse({
      stream_status: 'live,upcoming',
      event_category_id: '1,2',
      offset: '20',
      limit: '10',
    });
    expect(q).toMatchObject({
      stream_status: ['live', 'upcoming'],
      event_category_id: [1, 2],
      offset: 20,
      limit: 10,
      sort_field: 'event_utc_ts',
      sort_direction: 'asc',
    });
    expect(eventsQuerySchema.safeParse({ stream_status: 'soon' }).success).toBe(false);
    expect(eventsQuerySchema.safeParse({ colour: 'red' }).success).toBe(false);
  });
});

describe('favorites', () => {
  it('refuses an unknown favorite type', () => {
    expect(addFavoriteBodySchema.safeParse({ favoritable_id: 3, favoritable_type: 'participant' }).success).toBe(true);
    expect(addFavoriteBodySchema.safeParse({ favoritable_id: 3, favoritable_type: 'league' }).success).toBe(false);
  });
});
