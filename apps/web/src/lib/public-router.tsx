/**
 * The router of the public screens (login, password requests): the few pieces of React Router those
 * screens use (`Link`, `Navigate`, `useNavigate`, `useSearchParams`, `useParams`), over the browser's
 * history, so that the login page loads without React Router (issue 10: at most 150 KB gzip).
 * - Paths match as React Router matches them: case-insensitive, trailing slashes allowed, `:name` and
 *   optional `:name?` segments, the params decoded.
 * - A navigation renders in a transition: the screen on view stays (`useNavigating()` is true) while
 *   the next screen's code loads, as React Router's lazy routes do.
 * - `<Routes>` renders its `fallback` for an address none of its routes serves: the public app hands
 *   that address over to the working app (`app/handover.tsx`).
 * - While mounted it is what `navigateTo` (`lib/navigation.ts`) uses.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  useTransition,
  type ComponentProps,
  type ReactNode,
} from 'react';
import { registerNavigate } from '@/lib/navigation';

export type Params = Readonly<Record<string, string | undefined>>;
export interface Location {
  pathname: string;
  search: string;
  hash: string;
}
export interface NavigateOptions {
  replace?: boolean;
}
export type NavigateFunction = (to: string, opts?: NavigateOptions) => void;
export interface Route {
  /** `/login-form`, `/change-password/:recoveryCode?` */
  path: string;
  element: ReactNode;
}

const compiled = new Map<string, { re: RegExp; names: string[] }>();

function compile(pattern: string) {
  let c = compiled.get(pattern);
  if (!c) {
    const names: string[] = [];
    const source = pattern
      .split('/')
      .filter(Boolean)
      .map((segment) => {
        const param = /^:(\w+)(\?)?$/.exec(segment);
        if (!param) return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
        names.push(param[1]);
        return param[2] ? '(?:/([^/]+))?' : '/([^/]+)';
      })
      .join('');
    c = { re: new RegExp(`^${source}/*$`, 'i'), names };
    compiled.set(pattern, c);
  }
  return c;
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The params of `pathname` under `pattern`, or null when it does not match. */
export function matchPath(pattern: string, pathname: string): Params | null {
  const { re, names } = compile(pattern);
  const m = re.exec(pathname);
  if (!m) return null;
  return Object.fromEntries(
    names.map((name, i) => [name, m[i + 1] === undefined ? undefined : decode(m[i + 1])]),
  );
}

const currentLocation = (): Location => ({
  pathname: window.location.pathname,
  search: window.location.search,
  hash: window.location.hash,
});

interface RouterValue {
  location: Location;
  navigate: NavigateFunction;
  navigating: boolean;
}
const RouterContext = createContext<RouterValue | null>(null);
const ParamsContext = createContext<Params>({});

/** Follows the browser's address (its own navigations and the back and forward buttons). */
export function PublicRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(currentLocation);
  const [navigating, startTransition] = useTransition();
  const navigate = useCallback<NavigateFunction>((to, opts = {}) => {
    const url = new URL(to, window.location.href);
    if (url.origin !== window.location.origin) {
      window.location.assign(url.href);
      return;
    }
    const next = `${url.pathname}${url.search}${url.hash}`;
    const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    // the address on view again is not a new history entry (React Router does the same)
    if (opts.replace || next === here) window.history.replaceState(null, '', next);
    else window.history.pushState(null, '', next);
    startTransition(() => setLocation(currentLocation()));
  }, []);
  useEffect(() => {
    const onPop = () => startTransition(() => setLocation(currentLocation()));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  // a layout effect: registered before the screens' first effects run
  useLayoutEffect(() => registerNavigate(navigate), [navigate]);
  const value = useMemo(() => ({ location, navigate, navigating }), [location, navigate, navigating]);
  return <RouterContext value={value}>{children}</RouterContext>;
}

function useRouter(): RouterValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('used outside <PublicRouter>');
  return router;
}

export const useLocation = (): Location => useRouter().location;
export const useNavigate = (): NavigateFunction => useRouter().navigate;
/** True while a navigation waits for the next screen (its code or texts). */
export const useNavigating = (): boolean => useRouter().navigating;
/** The params of the route on view (`useParams().recoveryCode`). */
export const useParams = (): Params => useContext(ParamsContext);

/** The query string of the address, read only: `const [params] = useSearchParams()`. */
export function useSearchParams(): readonly [URLSearchParams] {
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  return [params];
}

/** The element of the first route whose path matches the address, else `fallback`. */
export function Routes({ routes, fallback }: { routes: Route[]; fallback: ReactNode }) {
  const { pathname } = useLocation();
  for (const route of routes) {
    const params = matchPath(route.path, pathname);
    if (params) return <ParamsContext value={params}>{route.element}</ParamsContext>;
  }
  return fallback;
}

/** An `<a>` that navigates in the page (a modified or middle click opens the address as usual). */
export function Link({
  to,
  replace,
  onClick,
  ...rest
}: ComponentProps<'a'> & { to: string; replace?: boolean }) {
  const navigate = useNavigate();
  return (
    <a
      {...rest}
      href={to}
      onClick={(e) => {
        onClick?.(e);
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
        if (rest.target && rest.target !== '_self') return;
        e.preventDefault();
        navigate(to, { replace });
      }}
    />
  );
}

/** Navigates when rendered (after the render, as React Router's `<Navigate>`). */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace }), [navigate, to, replace]);
  return null;
}
