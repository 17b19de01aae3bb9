import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as analytics from './analytics';
import * as auth from './auth';
import * as channel from './channel';
import * as clips from './clips';
import * as commerce from './commerce';
import { INT32_MAX, INT32_MIN, NUL_MESSAGE, queryId, UNPAIRED_SURROGATE_MESSAGE } from './common';
import * as customForms from './custom-forms';
import * as events from './events';
import * as favorites from './favorites';
import * as vod from './vod';

/** Every schema a request is checked with: bodies, query strings and path parameters. */
const requestSchemas = Object.entries({
  ...analytics,
  ...auth,
  ...channel,
  ...clips,
  ...commerce,
  ...customForms,
  ...events,
  ...favorites,
  ...vod,
}).filter(([name]) => /(Body|Query|Params)Schema$/.test(name)) as [string, z.ZodType][];

type Leaf = { where: string; schema: z.ZodType };

/** The string and number schemas inside a schema, with where they are. */
function leaves(schema: z.ZodType, where: string, out: { strings: Leaf[]; numbers: Leaf[] }, seen = new Set()) {
  if (seen.has(schema)) return out;
  seen.add(schema);
  // biome-ignore lint/suspicious/noExplicitAny: walking zod's definitions, which are typed per schema kind
  const def = (schema as any)._zod.def;
  const walk = (s: z.ZodType, w = where) => leaves(s, w, out, seen);
  switch (def.type) {
    case 'string':
      out.strings.push({ where, schema });
      break;
    case 'number':
      out.numbers.push({ where, schema });
      break;
    case 'object':
      for (const [key, value] of Object.entries(def.shape)) walk(value as z.ZodType, `${where}.${key}`);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      walk(def.innerType);
      break;
    case 'pipe':
      walk(def.in);
      walk(def.out);
      break;
    case 'array':
      walk(def.element, `${where}[]`);
      break;
    case 'record':
      walk(def.keyType, `${where}{key}`);
      walk(def.valueType, `${where}{value}`);
      break;
    case 'union':
      for (const option of def.options) walk(option);
      break;
    case 'intersection':
      walk(def.left);
      walk(def.right);
      break;
  }
  return out;
}

const all = requestSchemas.map(([name, schema]) => leaves(schema, name, { strings: [], numbers: [] }));
const strings = all.flatMap((l) => l.strings);
const numbers = all.flatMap((l) => l.numbers);

describe('request schemas stay within what the database holds', () => {
  it('finds the request schemas', () => {
    expect(requestSchemas.length).toBeGreaterThan(20);
    expect(strings.length).toBeGreaterThan(50);
    expect(numbers.length).toBeGreaterThan(10);
  });

  it.each(strings.map((s) => [s.where, s.schema] as const))('%s refuses a NUL character', (_where, schema) => {
    const result = schema.safeParse('a\u0000b');
    expect(result.success).toBe(false);
    // Formats (e-mail, uuid, dates) refuse it by their pattern; every other string names the NUL.
    // biome-ignore lint/suspicious/noExplicitAny: the format of a string schema is in its definition
    if (!(schema as any)._zod.def.format) {
      expect(result.error?.issues.map((i) => i.message)).toContain(NUL_MESSAGE);
    }
  });

  it.each(strings.map((s) => [s.where, s.schema] as const))('%s refuses a lone surrogate half', (_where, schema) => {
    for (const lone of ['a\ud800', '\udfffb', 'a\udc00\ud800b']) {
      const result = schema.safeParse(lone);
      expect(result.success, JSON.stringify(lone)).toBe(false);
      // biome-ignore lint/suspicious/noExplicitAny: the format of a string schema is in its definition
      if (!(schema as any)._zod.def.format) {
        expect(result.error?.issues.map((i) => i.message)).toContain(UNPAIRED_SURROGATE_MESSAGE);
      }
    }
  });

  it('reads ids of the path and query string from digits only', () => {
    for (const bad of ['0x10', '1e3', ' 5', '5 ', '', '-1', '0', '1.5', '+5', 'Infinity']) {
      expect(queryId().safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(queryId().parse('5')).toBe(5);
    expect(queryId().parse('007')).toBe(7);
    expect(queryId().parse(String(INT32_MAX))).toBe(INT32_MAX);
  });

  it('keeps characters outside the basic plane (a pair of halves) and plain text', () => {
    const name = analytics.analyticsEventBodySchema.shape.name;
    expect(name.safeParse('goal ⚽ 🏀 𝔾').success).toBe(true);
    expect(name.safeParse('Соколи — Équipe').success).toBe(true);
  });

  // Times go past 2^31 (seconds after 2038, a client's clock in milliseconds); they become timestamps, not
  // integers, and stop at 2100.
  const isTime = (where: string) => /\.(ts|start_date|end_date)$/.test(where);

  it.each(numbers.map((n) => [n.where, n.schema] as const))('%s is bounded', (where, schema) => {
    // biome-ignore lint/suspicious/noExplicitAny: whether a number is coerced from text is in its definition
    const fromText = (schema as any)._zod.def.coerce === true;
    const as = (n: number) => (fromText ? String(n) : n);
    expect(schema.safeParse(as(1e308)).success).toBe(false);
    expect(schema.safeParse(as(-1e308)).success).toBe(false);
    if (isTime(where)) return;
    expect(schema.safeParse(as(INT32_MAX + 1)).success).toBe(false);
    expect(schema.safeParse(as(INT32_MIN - 1)).success).toBe(false);
  });
});
