import { readFile } from 'node:fs/promises';
import { expect, test } from 'vitest';
import { currentDocument, DOCUMENT_FILE, TYPES_FILE, typesOf } from './generate';

const FIX = 'Run `npm run generate -w @sideline/api-client` and commit the result.';

test('the committed OpenAPI document is the one the API builds from its routes', async () => {
  const committed = await readFile(DOCUMENT_FILE, 'utf8');
  expect(await currentDocument(), FIX).toBe(committed);
});

test('the committed client types are generated from the committed document', async () => {
  const document = await readFile(DOCUMENT_FILE, 'utf8');
  expect(await typesOf(document), FIX).toBe(await readFile(TYPES_FILE, 'utf8'));
});
