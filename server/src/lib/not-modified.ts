/** What a stored response is validated by, as sent in its `ETag` and `Last-Modified`. */
export interface Validators {
  etag: string;
  lastModified: string;
}

type RequestHeaders = Record<string, string | string[] | undefined>;

const single = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value.join(', ') : value;

/**
 * Whether a conditional GET may be answered 304, decided as @fastify/send decides it for the files
 * it reads (its `isNotModifiedFailure`), so a browser revalidating a file gets the same answer
 * from memory as from disk: `If-None-Match` by weak comparison (RFC 9110 §13.1.2), where `*`
 * matches; otherwise `If-Modified-Since` against the last modification; never when the request
 * says `Cache-Control: no-cache` (a reload that wants the body).
 */
export function isNotModified(headers: RequestHeaders, { etag, lastModified }: Validators) {
  if (single(headers['cache-control'])?.includes('no-cache')) return false;
  const ifNoneMatch = single(headers['if-none-match']);
  if (ifNoneMatch !== undefined) {
    if (ifNoneMatch === '*') return true;
    return ifNoneMatch.split(',').some((tag) => {
      const trimmed = tag.trim();
      return trimmed !== '' && (trimmed === etag || `W/${trimmed}` === etag);
    });
  }
  const ifModifiedSince = single(headers['if-modified-since']);
  if (ifModifiedSince === undefined) return false;
  return Date.parse(lastModified) <= Date.parse(ifModifiedSince);
}
