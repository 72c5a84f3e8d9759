import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
// The English catalog, as the app's first load has it (src/i18n/catalogs.ts, ADR 027).
import '@/i18n/catalogs';

afterEach(() => cleanup());
