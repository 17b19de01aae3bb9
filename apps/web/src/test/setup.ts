import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n } from '@/lib/i18n';

// Components render with the real English texts, as a fan reads them.
await initI18n('en');

afterEach(() => cleanup());
