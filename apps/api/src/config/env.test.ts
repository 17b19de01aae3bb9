import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, envSchema, loadConfig } from './env';
import { REPO_ROOT } from './paths';

describe('loadConfig', () => {
  it('gives the embedded single-machine defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 8080, databaseKind: 'pglite', dataDir: path.join(REPO_ROOT, 'data') });
    expect(config.pgliteDir).toBe(path.join(REPO_ROOT, 'data', 'pglite'));
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('switches to PostgreSQL with DATABASE_URL and resolves DATA_DIR from where npm ran', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/x', DATA_DIR: 'mydata', INIT_CWD: '/srv' });
    expect(config.databaseKind).toBe('postgres');
    expect(config.dataDir).toBe('/srv/mydata');
  });

  it('lists every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toContain('PORT');
      expect(problems).toContain('DATABASE_URL');
      expect(problems).toContain('LOG_LEVEL');
    }
  });
});

describe('WEB_ORIGINS', () => {
  it('takes exact origins and refuses what CORS could never match', () => {
    expect(loadConfig({ WEB_ORIGINS: 'https://fans.example.org, http://localhost:5173' }).WEB_ORIGINS).toEqual([
      'https://fans.example.org',
      'http://localhost:5173',
    ]);
    for (const bad of ['https://fans.example.org/', 'fans.example.org', 'https://fans.example.org/app']) {
      expect(() => loadConfig({ WEB_ORIGINS: bad })).toThrow(/WEB_ORIGINS/);
    }
  });
});

describe('.env.example', () => {
  const example = readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8');
  const listed = new Map(
    [...example.matchAll(/^([A-Z0-9_]+)=(.*)$/gm)].map(([, name, value]) => [name as string, value as string]),
  );

  it('documents every setting the server reads, and only those', () => {
    expect([...listed.keys()].sort()).toEqual(Object.keys(envSchema.shape).sort());
  });

  it('is a valid configuration as written', () => {
    expect(() => loadConfig(Object.fromEntries(listed))).not.toThrow();
  });
});
