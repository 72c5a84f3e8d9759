import { invalidRange, PostgrestError, singularityError } from './errors.ts';
import { LIMITS } from '../limits.ts';
import type { ResponseShape } from './shape.ts';

/** The one row every compiled statement returns (PostgREST's standardRow). */
export interface ResultRow {
  total_result_set: string | null;
  page_total: string;
  /** NULL only when withheld for its size (capBody). */
  body: string | null;
  body_bytes?: string | null;
  response_headers: string | null;
  response_status: string | null;
}

export interface RestResponse {
  status: number;
  headers: Record<string, string>;
  /** Undefined: no body at all (204, HEAD, return=minimal). */
  body?: string;
}

/** `Content-Range` as contentRangeH: `lower-upper/total`, `*` for an empty page or unknown total. */
export function contentRange(lower: number, upper: number, total: number | undefined): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total === undefined ? '*' : total}`;
}

/**
 * The checks PostgREST makes on a result before it commits (failNotSingular, max-affected);
 * a returned error means: roll back and answer with it.
 */
export function verifyResult(shape: ResponseShape, row: ResultRow): PostgrestError | undefined {
  if (row.body === null) return responseTooLarge(Number(row.body_bytes));
  const rows = Number(row.page_total);
  if (shape.media.singular && rows !== 1 && !(shape.action === 'call' && shape.returnsVoid))
    return singularityError(rows);
  if (shape.maxAffected !== undefined && rows > shape.maxAffected) {
    return new PostgrestError(400, {
      code: 'PGRST124',
      message: 'Query result exceeds max-affected preference constraint',
      details: `The query affects ${rows} rows`,
    });
  }
  return undefined;
}

/**
 * PostgreSQL's own answer to a value past its 1 GB limit is 54000 (program_limit_exceeded),
 * which PostgREST renders as a 500; this stack stops at LIMITS.responseBytes, with the same code.
 */
function responseTooLarge(bytes: number): PostgrestError {
  return new PostgrestError(500, {
    code: '54000',
    message: 'The response is too large',
    details: `The body would be ${bytes} bytes; at most ${LIMITS.responseBytes} are sent`,
    hint: 'Select fewer columns or fewer rows (limit, a Range header, or filters).',
  });
}

function contentType(shape: ResponseShape): string {
  return `${shape.media.mime}; charset=utf-8`;
}

/**
 * The total of Content-Range (MainTx.hs actionResult): counted in the statement; for
 * `count=planned` the planner's estimate instead; for `count=estimated` the estimate when the
 * exact count (stopped just past max_rows) passes max_rows. An estimate above the page's rows
 * makes a read 206, as it does on PostgREST.
 */
function totalOf(shape: ResponseShape, row: ResultRow, planned: number | undefined) {
  const counted =
    row.total_result_set === null || row.total_result_set === ''
      ? undefined
      : Number(row.total_result_set);
  if (shape.action !== 'read') return counted;
  if (shape.countMethod === 'planned') return planned;
  if (shape.countMethod === 'estimated' && counted !== undefined && planned !== undefined)
    return shape.maxRows !== undefined && counted > shape.maxRows
      ? Math.max(counted, planned)
      : counted;
  return counted;
}

/** Status, headers and body as PostgREST's Response.hs builds them for each action. */
export function renderResult(
  shape: ResponseShape,
  row: ResultRow,
  inserted?: number | null,
  planned?: number,
): RestResponse {
  const failed = verifyResult(shape, row);
  if (failed) throw failed;
  const pageTotal = Number(row.page_total);
  const total = totalOf(shape, row, planned);
  const headers: Record<string, string> = { 'Content-Profile': 'public' };
  if (shape.preferenceApplied) headers['Preference-Applied'] = shape.preferenceApplied;
  let response: RestResponse;
  switch (shape.action) {
    case 'read':
    case 'call': {
      if (shape.action === 'call' && shape.returnsVoid) {
        response = {
          status: 204,
          headers: {
            ...headers,
            'Content-Range': contentRange(shape.offset, shape.offset + pageTotal - 1, total),
          },
        };
        break;
      }
      const lower = shape.offset;
      const upper = lower + pageTotal - 1;
      headers['Content-Range'] = contentRange(lower, upper, total);
      if (total !== undefined && lower > total) {
        throw invalidRange(
          `An offset of ${lower} was requested, but there are only ${total} rows.`,
        );
      }
      const status = total !== undefined && 1 + upper - lower < total ? 206 : 200;
      headers['Content-Type'] = contentType(shape);
      response = { status, headers, body: shape.head ? undefined : (row.body ?? undefined) };
      break;
    }
    case 'create': {
      headers['Content-Range'] = contentRange(1, 0, shape.count ? pageTotal : undefined);
      const status = inserted !== undefined && inserted !== null && inserted <= 0 ? 200 : 201;
      response = { status, headers };
      if (shape.returning === 'full') response.body = row.body ?? undefined;
      else if (shape.returning === 'headers-only') addLocation(shape, row, headers);
      if (response.body !== undefined) headers['Content-Type'] = contentType(shape);
      break;
    }
    case 'update':
    case 'delete': {
      headers['Content-Range'] =
        shape.action === 'update'
          ? contentRange(0, pageTotal - 1, shape.count ? pageTotal : undefined)
          : contentRange(1, 0, shape.count ? pageTotal : undefined);
      const full = shape.returning === 'full';
      response = {
        status: full ? 200 : 204,
        headers,
        body: full ? (row.body ?? undefined) : undefined,
      };
      if (full) headers['Content-Type'] = contentType(shape);
      break;
    }
  }
  return applyGucOverrides(response, row);
}

/** `Location: /table?pk=eq.value` for one inserted row with `return=headers-only` (locationF). */
function addLocation(shape: ResponseShape, row: ResultRow, headers: Record<string, string>): void {
  const rows = JSON.parse(row.body || '[]') as Array<Record<string, unknown>>;
  if (rows.length !== 1 || shape.primaryKey.length === 0) return;
  const query = shape.primaryKey
    .map((key) => {
      const value = rows[0]![key];
      return `${encodeURIComponent(key)}=${value === null || value === undefined ? 'is.null' : `eq.${encodeURIComponent(String(value))}`}`;
    })
    .join('&');
  headers.Location = `/${shape.resource}?${query}`;
}

/**
 * `response.status` and `response.headers` set by SQL (a function, a trigger) override the
 * response, as overrideStatusHeaders; malformed values are PGRST111/PGRST112.
 */
function applyGucOverrides(response: RestResponse, row: ResultRow): RestResponse {
  if (row.response_status !== null) {
    const status = Number(row.response_status);
    if (!Number.isInteger(status) || status < 100 || status > 599) {
      throw new PostgrestError(500, {
        code: 'PGRST112',
        message: 'response.status guc must be a valid status code',
      });
    }
    response.status = status;
  }
  if (row.response_headers !== null) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(row.response_headers);
    } catch {
      parsed = undefined;
    }
    const valid =
      Array.isArray(parsed) &&
      parsed.every(
        (h) =>
          typeof h === 'object' &&
          h !== null &&
          Object.keys(h).length === 1 &&
          typeof Object.values(h)[0] === 'string',
      );
    if (!valid) {
      throw new PostgrestError(500, {
        code: 'PGRST111',
        message:
          'response.headers guc must be a JSON array composed of objects with a single key and a string value',
      });
    }
    for (const h of parsed as Array<Record<string, string>>) Object.assign(response.headers, h);
  }
  return response;
}
