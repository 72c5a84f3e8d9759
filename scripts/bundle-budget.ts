import { gzipSync } from 'node:zlib';

/** What the budget needs to know of each output chunk (a subset of Rollup's OutputChunk). */
export interface ChunkInfo {
  fileName: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  moduleIds: string[];
  /** The module the chunk stands for (a page's, for a lazy page), if any. */
  facadeModuleId?: string | null;
  css: string[];
  bytes: Uint8Array | string;
}

export interface Budget {
  firstLoadJs: number;
  firstLoadCss: number;
  /** All the JavaScript a visit of `/` downloads: the first load and `startup` (issue 26). */
  wholeLoadJs: number;
  /** Modules a visit of `/` must never download (the calendar, the auth page, admin code). */
  lazy: Record<string, RegExp>;
  /** Modules every visit of `/` loads once it has rendered, with the chunks they import. */
  startup: RegExp[];
  /**
   * The public pages loaded on demand (their modules), and modules none of them may download
   * with its page: a visitor of /check is as much a reader as one of `/`.
   */
  publicPages: { pages: RegExp; never: Record<string, RegExp> };
}

export interface Row {
  file: string;
  gzip: number;
}

export interface BudgetReport {
  firstLoadJs: Row[];
  firstLoadCss: Row[];
  startupJs: Row[];
  /** Where each module that must be lazy went: the chunks holding it, outside the first load. */
  lazyJs: (Row & { name: string })[];
  violations: string[];
}

export const gzipSize = (bytes: Uint8Array | string) => gzipSync(bytes, { level: 9 }).length;
const sum = (rows: Row[]) => rows.reduce((total, row) => total + row.gzip, 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The chunks a browser must fetch before the entry runs: the entry and its static imports. */
function staticClosure(roots: ChunkInfo[], byFile: Map<string, ChunkInfo>): ChunkInfo[] {
  const seen = new Map<string, ChunkInfo>();
  const visit = (chunk: ChunkInfo) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const file of chunk.imports) {
      const imported = byFile.get(file);
      if (imported) visit(imported);
    }
  };
  roots.forEach(visit);
  return [...seen.values()];
}

export function checkBudget(
  chunks: ChunkInfo[],
  cssBytes: Map<string, Uint8Array | string>,
  budget: Budget,
): BudgetReport {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const firstLoad = staticClosure(
    chunks.filter((chunk) => chunk.isEntry),
    byFile,
  );
  const loaded = new Set(firstLoad.map((chunk) => chunk.fileName));
  const startupRoots = chunks.filter(
    (chunk) =>
      !loaded.has(chunk.fileName) &&
      chunk.moduleIds.some((id) => budget.startup.some((pattern) => pattern.test(id))),
  );
  const startup = staticClosure(startupRoots, byFile).filter((c) => !loaded.has(c.fileName));

  const rows = (list: ChunkInfo[]) =>
    list.map((chunk) => ({ file: chunk.fileName, gzip: gzipSize(chunk.bytes) }));
  const cssFiles = [...new Set(firstLoad.flatMap((chunk) => chunk.css))];
  const report: BudgetReport = {
    firstLoadJs: rows(firstLoad),
    firstLoadCss: cssFiles.map((file) => ({ file, gzip: gzipSize(cssBytes.get(file) ?? '') })),
    startupJs: rows(startup),
    lazyJs: Object.entries(budget.lazy).flatMap(([name, pattern]) =>
      rows(
        chunks.filter((c) => !loaded.has(c.fileName) && c.moduleIds.some((id) => pattern.test(id))),
      ).map((row) => ({ name, ...row })),
    ),
    violations: [],
  };

  const js = sum(report.firstLoadJs);
  const css = sum(report.firstLoadCss);
  const whole = js + sum(report.startupJs);
  if (js > budget.firstLoadJs)
    report.violations.push(`first-load JavaScript ${kb(js)} > ${kb(budget.firstLoadJs)}`);
  if (css > budget.firstLoadCss)
    report.violations.push(`first-load CSS ${kb(css)} > ${kb(budget.firstLoadCss)}`);
  if (whole > budget.wholeLoadJs)
    report.violations.push(`JavaScript of a visit of / ${kb(whole)} > ${kb(budget.wholeLoadJs)}`);
  for (const [name, pattern] of Object.entries(budget.lazy)) {
    const holds = (c: ChunkInfo) => c.moduleIds.some((id) => pattern.test(id));
    const chunk = firstLoad.find(holds);
    if (chunk) report.violations.push(`${name} is in the first load (${chunk.fileName})`);
    const later = startup.find(holds);
    if (later) report.violations.push(`${name} is downloaded by a visit of / (${later.fileName})`);
  }
  const { pages, never } = budget.publicPages;
  for (const page of chunks.filter((c) => pages.test(c.facadeModuleId ?? ''))) {
    const withPage = staticClosure([page], byFile);
    for (const [name, pattern] of Object.entries(never)) {
      const chunk = withPage.find((c) => c.moduleIds.some((id) => pattern.test(id)));
      if (chunk)
        report.violations.push(`${name} is downloaded with ${page.fileName} (${chunk.fileName})`);
    }
  }
  return report;
}

export function formatReport(report: BudgetReport, budget: Budget): string {
  const lines = (rows: Row[]) => rows.map((row) => `    ${kb(row.gzip).padStart(9)}  ${row.file}`);
  const js = sum(report.firstLoadJs);
  const startup = sum(report.startupJs);
  return [
    'Today page (/) budget, gzip level 9:',
    `  first-load JavaScript ${kb(js)} of ${kb(budget.firstLoadJs)}`,
    ...lines(report.firstLoadJs),
    `  first-load CSS ${kb(sum(report.firstLoadCss))} of ${kb(budget.firstLoadCss)}`,
    ...lines(report.firstLoadCss),
    `  requested after the first paint ${kb(startup)}`,
    ...lines(report.startupJs),
    `  all JavaScript a visitor of / downloads ${kb(js + startup)} of ${kb(budget.wholeLoadJs)}`,
    '  lazy chunks (not downloaded on /), by what they hold:',
    ...report.lazyJs.map((row) => `    ${kb(row.gzip).padStart(9)}  ${row.file} (${row.name})`),
    ...report.violations.map((violation) => `  OVER BUDGET: ${violation}`),
  ].join('\n');
}
