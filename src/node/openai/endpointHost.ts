/** The endpoint URL's host name in lower case, by which providers are told apart; '' when it is no URL. */
export function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).hostname.toLowerCase();
  } catch {
    return '';
  }
}
