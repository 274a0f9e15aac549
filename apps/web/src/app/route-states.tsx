import { useNavigation, useRouteError } from 'react-router';
import { ErrorScreen, LoadingBar } from '@/app/page-states';

/** The loading bar while React Router fetches the next screen. */
export function NavigationProgress() {
  const nav = useNavigation();
  return nav.state === 'idle' ? null : <LoadingBar />;
}

/** The error screen of a route that failed. */
export function RouteError() {
  return <ErrorScreen error={useRouteError()} />;
}
