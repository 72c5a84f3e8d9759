const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

const SPECIAL = /[&<>"']/;

/** Text made safe for HTML, in an element or a quoted attribute alike (served head tags, words). */
export const escapeHtml = (value: string): string =>
  // Most values have nothing to escape: a test is cheaper than a replace (every page's meta).
  SPECIAL.test(value) ? value.replace(/[&<>"']/g, (char) => ESCAPES[char]!) : value;
