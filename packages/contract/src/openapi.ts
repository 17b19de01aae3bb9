/**
 * Loads every domain schema file so their `.meta({ id })` registrations reach zod's global registry before the
 * API builds its OpenAPI document (the document then refers to named components).
 */
import './analytics';
import './auth';
import './channel';
import './clips';
import './commerce';
import './console';
import './console-catalogue';
import './console-content';
import './custom-forms';
import './errors';
import './events';
import './favorites';
import './geo';
import './ingest';
import './media';
import './vod';
