import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * The API's OpenAPI document, as a fake of the web client's calls is checked against it: a fake answer the server
 * could not give (a renamed field, a wrong type, a call the API does not have) fails the test that gave it.
 */

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: object }> }> };
type Document = { paths: Record<string, Record<string, Operation | undefined> | undefined> };

/** The web client's base URL carries the `/api` prefix; call sites name the paths without it (lib/api-paths.ts). */
const API_PREFIX = '/api';

let document: Document | undefined;
let ajv: Ajv | undefined;
const validators = new Map<string, ValidateFunction | string>();

function load(): { doc: Document; ajv: Ajv } {
  if (!document || !ajv) {
    const file = createRequire(import.meta.url).resolve('@sideline/api-client/openapi.json');
    document = forAjv(JSON.parse(readFileSync(file, 'utf8'))) as Document;
    // OpenAPI 3.0's `nullable` is Ajv's own keyword; its other words (`example`, `discriminator`) are let through.
    ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
    addFormats(ajv);
    ajv.addSchema(document, 'openapi');
  }
  return { doc: document, ajv };
}

/**
 * The document's schemas in the words Ajv reads: OpenAPI 3.0's boolean `exclusiveMinimum`/`exclusiveMaximum` as
 * JSON Schema's bounds, and its `nullable` beside no `type` (an `anyOf`, a `$ref`), which Ajv's own `nullable` does not take, as
 * the schema-or-null it means.
 */
function forAjv(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forAjv);
  if (!node || typeof node !== 'object') return node;
  const { nullable, ...rest } = node as Record<string, unknown>;
  const walked = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, forAjv(v)]));
  // OpenAPI 3.0's `exclusiveMinimum: true` beside `minimum` is JSON Schema's `exclusiveMinimum: <minimum>`.
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof walked[flag] !== 'boolean') continue;
    if (walked[flag]) walked[flag] = walked[bound];
    else delete walked[flag];
    if (walked[flag] !== undefined) delete walked[bound];
  }
  if (nullable !== true) return nullable === undefined ? walked : { ...walked, nullable };
  // A nullable enum takes null too, as the generated types read it (`'annual' | 'monthly' | null`).
  if (Array.isArray(walked.enum) && !walked.enum.includes(null)) walked.enum = [...walked.enum, null];
  return 'type' in walked ? { ...walked, nullable } : { anyOf: [walked, { type: 'null' }] };
}

/** One JSON pointer segment, as a URI fragment carries it. */
const pointer = (segment: string) => encodeURIComponent(segment.replaceAll('~', '~0').replaceAll('/', '~1'));

/**
 * The validator of the success answer a call may get (200, else 201, else another 2xx with a JSON body, as the
 * client's types read it), or why there is none.
 */
function validatorFor(method: string, template: string): ValidateFunction | string {
  const id = `${method} ${template}`;
  const cached = validators.get(id);
  if (cached) return cached;
  const { doc, ajv } = load();
  const path = `${API_PREFIX}${template}`;
  const operation = doc.paths[path]?.[method];
  let found: ValidateFunction | string;
  if (!operation) found = `the API document has no ${method.toUpperCase()} ${path}`;
  else {
    const statuses = Object.keys(operation.responses ?? {})
      .filter((status) => /^2\d\d$/.test(status))
      .sort();
    const status = statuses.find((s) => operation.responses?.[s]?.content?.['application/json']?.schema);
    if (!status) found = `${method.toUpperCase()} ${path} answers no JSON body on success`;
    else {
      const ref = ['paths', path, method, 'responses', status, 'content', 'application/json', 'schema']
        .map(pointer)
        .join('/');
      found = ajv.compile({ $ref: `openapi#/${ref}` });
    }
  }
  validators.set(id, found);
  return found;
}

/**
 * Why `answer`, the body a fake gave to `method` `template` (`'get'`, `'/events/{id}'`), is not one the API could
 * give; null when it could.
 */
export function contractError(method: string, template: string, answer: unknown): string | null {
  const validate = validatorFor(method, template);
  const call = `${method.toUpperCase()} ${template}`;
  if (typeof validate === 'string') return `${call}: ${validate}`;
  if (validate(answer)) return null;
  const errors = (validate.errors ?? [])
    .map((e) => `${e.instancePath || '(answer)'} ${e.message ?? 'is invalid'}${paramsText(e.params)}`)
    .join('; ');
  return `${call}: the fake answer does not match the API document's success schema: ${errors}`;
}

function paramsText(params: Record<string, unknown>): string {
  const text = Object.entries(params)
    .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
    .join(', ');
  return text ? ` (${text})` : '';
}

/** A mock's record, as vitest keeps it: what each call was given, what it returned and how that settled. */
export type CallRecord = {
  calls: readonly (readonly unknown[])[];
  results: readonly { type: string; value?: unknown }[];
  settledResults: readonly { type: string; value?: unknown }[];
};

const isThenable = (value: unknown) => typeof (value as { then?: unknown } | null)?.then === 'function';

/**
 * Every fulfilled answer of a mocked `api.<method>` that the API could not give, one line each. A call the test gave
 * no answer (the bare mock returns `undefined`, not a promise) is not an answer.
 */
export function contractErrors(method: string, record: CallRecord): string[] {
  const errors: string[] = [];
  record.calls.forEach((args, i) => {
    const settled = record.settledResults[i];
    if (settled?.type !== 'fulfilled' || !isThenable(record.results[i]?.value)) return;
    const template = args[0];
    if (typeof template !== 'string') {
      errors.push(`${method.toUpperCase()} called without a path (${JSON.stringify(template)})`);
      return;
    }
    const error = contractError(method, template, settled.value);
    if (error) errors.push(error);
  });
  return errors;
}
