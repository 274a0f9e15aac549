/**
 * A router-independent way to navigate, for code outside React (the API client).
 * app/ registers the router's navigate; until then a full page load is used.
 */
type Navigate = (to: string, opts?: { replace?: boolean }) => void;

let current: Navigate = (to) => {
  window.location.assign(to);
};

export function registerNavigate(fn: Navigate): () => void {
  current = fn;
  return () => {
    if (current === fn) current = (to) => window.location.assign(to);
  };
}

export function navigateTo(to: string, opts?: { replace?: boolean }): void {
  current(to, opts);
}

/** The login form URL that brings the user back to `path` after login. */
export function loginUrl(path?: string): string {
  const back = path ?? `${window.location.pathname}${window.location.search}`;
  const clean = back && back !== '/' && !back.startsWith('/login-form') ? back : '';
  return clean ? `/login-form?redirect=${encodeURIComponent(clean)}` : '/login-form';
}
