/**
 * The panel's Content-Security-Policy: our bundled script (by nonce), our styles, images only from the
 * extension itself or `data:`, and nothing else from anywhere: no remote image, fetch, frame, media or font
 * (docs/security.md). Without a vscode import so the Chromium tests apply the very same policy.
 */
export function webviewCsp(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `img-src ${cspSource} data:`,
    `style-src ${cspSource} 'unsafe-inline'`,
    `font-src ${cspSource}`,
    `script-src 'nonce-${nonce}'`,
    "connect-src 'none'",
    "frame-src 'none'",
    "media-src 'none'",
    "object-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
  ].join('; ');
}
