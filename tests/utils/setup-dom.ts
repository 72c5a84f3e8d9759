import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
// The English catalog's core part, as the app's first load has it (src/i18n/catalogs.ts)...
import '@/i18n/catalogs';
import en from '../../src/i18n/catalogs/en.json';
import { i18n } from '../../src/i18n/i18n';

// ...and every other part, as each page brings its own (ADR 027): a test of one component renders
// it as its page would. Uncompiled here, Lingui compiles them in tests (`NODE_ENV` is not production).
i18n.load('en', en);

afterEach(() => cleanup());
