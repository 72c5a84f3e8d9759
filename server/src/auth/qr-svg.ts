/** Pixels per module (mfa.go DefaultQRSize, goqrsvg's block size). */
const BLOCK = 3;
/** The quiet zone around the code, in modules, that scanners need (ISO/IEC 18004). */
const BORDER = 4;

/**
 * The enrolment's `totp.qr_code` as GoTrue sends it (mfa.go enrollTOTPFactor): a raw SVG
 * document of the otpauth URI at error-correction level H, three pixels a module, with its
 * width and height set so an `<img>` shows it at its natural size. auth-js turns it into a
 * `data:image/svg+xml;utf-8,` URI (GoTrueClient `_enroll`), so the stack must not. GoTrue draws
 * one `<rect>` a module (goqrsvg); the stack draws the dark modules as a single path, which
 * scans the same and weighs a few kilobytes instead of a few hundred.
 */
export async function qrSvg(text: string): Promise<string> {
  // Imported on the first enrolment, not at every start of the http worker (ADR 031).
  const { create: createQr } = await import('qrcode');
  const { modules } = createQr(text, { errorCorrectionLevel: 'H' });
  const size = modules.size;
  const pixels = (size + 2 * BORDER) * BLOCK;
  let path = '';
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (modules.get(row, col)) path += `M${col + BORDER} ${row + BORDER}h1v1h-1z`;
    }
  }
  const viewBox = size + 2 * BORDER;
  return (
    `<?xml version="1.0"?>\n` +
    `<svg width="${pixels}" height="${pixels}" viewBox="0 0 ${viewBox} ${viewBox}" ` +
    `xmlns="http://www.w3.org/2000/svg" shape-rendering="crispEdges">` +
    `<rect width="${viewBox}" height="${viewBox}" fill="white"/>` +
    `<path d="${path}" fill="black"/></svg>\n`
  );
}
