import { describe, expect, it } from 'vitest';
import { svgImage } from './enroll-factor';

describe('svgImage', () => {
  it("escapes the SVG auth-js hands on, so a '#' in it does not end the URL", () => {
    const served = 'data:image/svg+xml;utf-8,<svg fill="#000"><rect/></svg>';
    const image = svgImage(served);
    expect(image.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(image).not.toContain('#');
    expect(decodeURIComponent(image.split(',')[1]!)).toBe('<svg fill="#000"><rect/></svg>');
  });

  it('leaves any other image as it came', () => {
    expect(svgImage('data:image/png;base64,iVBORw0KGgo=')).toBe(
      'data:image/png;base64,iVBORw0KGgo=',
    );
    const escaped = 'data:image/svg+xml;utf-8,%3Csvg%3E';
    expect(svgImage(escaped)).toBe(escaped);
  });

  it('takes a data URI that was prefixed twice back to one', () => {
    const twice = 'data:image/svg+xml;utf-8,data:image/svg+xml;utf-8,<svg/>';
    expect(svgImage(twice)).toBe(
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent('<svg/>')}`,
    );
  });
});
