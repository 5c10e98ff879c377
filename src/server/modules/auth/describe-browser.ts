/** "Firefox on Windows": enough for a person to recognise their own devices in the sessions list. */
export function describeBrowser(userAgent: string): string {
  if (!userAgent) return 'Unknown browser';
  const browser =
    /Edg\//.test(userAgent) ? 'Edge'
    : /OPR\/|Opera/.test(userAgent) ? 'Opera'
    : /Firefox\//.test(userAgent) ? 'Firefox'
    : /HeadlessChrome\//.test(userAgent) ? 'Headless Chrome'
    : /Chrome\/|Chromium\//.test(userAgent) ? 'Chrome'
    : /Safari\//.test(userAgent) ? 'Safari'
    : /curl\//.test(userAgent) ? 'curl'
    : 'Other browser';
  const system =
    /Android/.test(userAgent) ? 'Android'
    : /iPhone|iPad|iPod/.test(userAgent) ? 'iOS'
    : /Windows/.test(userAgent) ? 'Windows'
    : /Mac OS X|Macintosh/.test(userAgent) ? 'macOS'
    : /Linux/.test(userAgent) ? 'Linux'
    : undefined;
  return system ? `${browser} on ${system}` : browser;
}
