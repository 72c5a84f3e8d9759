import type { Plugin } from 'vite';
import { checkBudget, formatReport, type Budget, type ChunkInfo } from './bundle-budget.ts';

/** The Today page's budgets (ADR 007); every `vite build` prints them and fails beyond them. */
export const todayBudget: Budget = {
  // Issue 24 (six languages) allows English +3 KB over 120 KB: main built 117.2 KB; Lingui's core
  // (2.7 KB), the English core catalog (1.0 KB) and the language code make 123.6 KB, 0.6 KB over
  // that allowance (ADR 027 lists what would win it back). Not to be raised further.
  firstLoadJs: 124 * 1024,
  firstLoadCss: 15 * 1024,
  lazy: {
    'the calendar': /node_modules\/react-day-picker\/|src\/components\/ui\/calendar\.tsx$/,
    'the auth page': /src\/features\/auth\//,
    'admin code': /src\/features\/admin\//,
    'the draw verification':
      /src\/features\/verify\/(api|utils|components\/(?!verify-draw-disclosure))/,
  },
  startup: [/src\/lib\/supabase-client\.ts$/],
};

export function bundleBudget(budget: Budget = todayBudget): Plugin {
  return {
    name: 'lotto24-bundle-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: ChunkInfo[] = [];
      const css = new Map<string, Uint8Array | string>();
      for (const output of Object.values(bundle)) {
        if (output.type === 'asset') {
          if (output.fileName.endsWith('.css')) css.set(output.fileName, output.source);
          continue;
        }
        chunks.push({
          fileName: output.fileName,
          isEntry: output.isEntry,
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          moduleIds: output.moduleIds,
          css: [...(output.viteMetadata?.importedCss ?? [])],
          bytes: output.code,
        });
      }
      const report = checkBudget(chunks, css, budget);
      this.info(`\n${formatReport(report, budget)}`);
      if (report.violations.length > 0) this.error(report.violations.join('; '));
    },
  };
}
