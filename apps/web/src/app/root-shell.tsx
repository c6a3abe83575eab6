import { lazy, Suspense } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation, useRouteError } from 'react-router';
import { bootMessage } from '../i18n/boot-messages';
import { currentLanguage } from '../i18n/language-state';
import { useSession } from '../lib/session';
import { useSystemStatus } from '../lib/system-status';
import { Button } from '../ui/button';
import { AgentCentreHost } from './agent-centre/agent-centre-host';
import { BootLoading } from './boot-gate';
import { DocumentTitle } from './document-title';
import { MembersCentreHost } from './members-centre/members-centre-host';
import { ModalHost } from './modals/modal-host';
import { RoutePopups } from './route-popups';

/** Spec 2.1: with loginedToHomePage on, visitors may only see these without a session. */
const PUBLIC_WHEN_LOGIN_REQUIRED = ['/login', '/register', '/register.html', '/resetPassword', '/helpmc', '/download'];

/** Spec 2.1 login-required redirect: with loginedToHomePage on, visitors only reach the public pages. */
function useLoginRequiredRedirect(): string | null {
  const { product } = useSystemStatus();
  const token = useSession((state) => state.token);
  const { pathname } = useLocation();
  if (!product.loginedToHomePage || token !== null || PUBLIC_WHEN_LOGIN_REQUIRED.includes(pathname)) return null;
  return '/login';
}

const AnalyticsConsent = lazy(() =>
  import('../features/analytics/components/analytics-consent').then((m) => ({ default: m.AnalyticsConsent })),
);

/** The consent banner and the Google tag behind it, fetched only for a merchant that has a tag. */
function Analytics() {
  const { gtagId } = useSystemStatus().info.analytics;
  if (!gtagId) return null;
  return (
    <Suspense fallback={null}>
      <AnalyticsConsent />
    </Suspense>
  );
}

export function RootShell() {
  const redirect = useLoginRequiredRedirect();
  if (redirect) return <Navigate to={redirect} replace />;
  return (
    <>
      <Outlet />
      <DocumentTitle />
      <ModalHost />
      <RoutePopups />
      <MembersCentreHost />
      <AgentCentreHost />
      <ScrollRestoration />
      <Analytics />
    </>
  );
}

/** While the first page's chunks load (a page the server did not prerender): the boot's own loading state. */
export function RouteLoading() {
  return <BootLoading language={currentLanguage()} />;
}

/** A route whose chunk failed (error, missing or the 120-second timeout) or that threw while rendering. */
export function RouteError() {
  const error = useRouteError();
  // Boot messages, not a locale chunk: this page must render even when chunks cannot be fetched.
  const language = currentLanguage();
  if (import.meta.env.DEV) console.error(error);
  return (
    <main className="grid min-h-dvh place-items-center bg-slate-950 p-6 text-center text-slate-100">
      <div className="flex max-w-sm flex-col items-center gap-4">
        <p role="alert">{bootMessage('screen_error', language)}</p>
        <Button onClick={() => window.location.reload()}>{bootMessage('reload', language)}</Button>
      </div>
    </main>
  );
}
