import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import * as routes from '@tessera/contract/routes/back-office';
import { lazy, Suspense, useEffect } from 'react';
import { createBrowserRouter, Navigate, Outlet, RouterProvider } from 'react-router';
import { AgentContractsScreen } from '../features/agent-contracts/agent-contracts-screen';
import { AgentSettlementsScreen } from '../features/agent-settlements/agent-settlements-screen';
import { AgentsScreen } from '../features/agents/agents-screen';
import { AuditScreen } from '../features/audit/audit-screen';
import { EnrolScreen } from '../features/auth/enrol-screen';
import { LoginScreen } from '../features/auth/login-screen';
import { ChatConsoleScreen } from '../features/chat/chat-console-screen';
import { ContentScreen } from '../features/content/content-screen';
import { GamesScreen } from '../features/games/games-screen';
import { DeliveriesScreen } from '../features/messages/deliveries-screen';
import { MessagesScreen } from '../features/messages/messages-screen';
import { MissionsScreen } from '../features/missions/missions-screen';
import { MONEY_ROUTES } from '../features/money/screens';
import { PlayerScreen } from '../features/players/player-screen';
import { PlayersScreen } from '../features/players/players-screen';
import { PointMallScreen } from '../features/point-mall/point-mall-screen';
import { PromotionsScreen } from '../features/promotions/promotions-screen';
import { ReviewsScreen } from '../features/promotions/reviews-screen';
import { SessionsScreen } from '../features/sessions/sessions-screen';
import { SettingsScreen } from '../features/settings/settings-screen';
import { StaffScreen } from '../features/staff/staff-screen';
import { apiCall } from '../lib/api';
import { can, staffSession, useStaffSession } from '../lib/session';
import { ErrorNotice, Loading } from '../ui/states';

const DashboardScreen = lazy(() => import('../features/reports/dashboard-screen').then((m) => ({ default: m.DashboardScreen })));
const ReportsScreen = lazy(() => import('../features/reports/reports-screen').then((m) => ({ default: m.ReportsScreen })));

import { SCREENS, Shell } from './shell';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });

/** Screens behind the login: without a session, the login; with a token from an earlier visit, who it belongs to first. */
function RequireSession() {
  const { token, me } = useStaffSession();
  const who = useQuery({ queryKey: ['me', token], queryFn: () => apiCall(routes.me), enabled: token !== null && me === null });
  useEffect(() => {
    if (who.data) staffSession.know(who.data);
  }, [who.data]);
  if (!token) return <Navigate to="/login" replace />;
  if (me) return <Outlet />;
  return who.isError ? <ErrorNotice error={who.error} onRetry={() => void who.refetch()} /> : <Loading />;
}

/** The login page, or the first screen once logged in. */
function LoginGate() {
  const { token, me } = useStaffSession();
  return token && me ? <Navigate to="/" replace /> : <LoginScreen />;
}

/** The first screen the role may open. */
function Home() {
  const { me } = useStaffSession();
  const first = SCREENS.find((screen) => screen.permission === null || can(me, screen.permission));
  return <Navigate to={first?.path ?? '/sessions'} replace />;
}

function NotFound() {
  return <ErrorNotice error={{ messageKey: 'errors.route_not_found' }} />;
}

const router = createBrowserRouter(
  [
    { path: '/login', element: <LoginGate /> },
    { path: '/enrol', element: <EnrolScreen /> },
    {
      element: <RequireSession />,
      children: [
        {
          element: <Shell />,
          children: [
            { index: true, element: <Home /> },
            ...MONEY_ROUTES,
            { path: 'players', element: <PlayersScreen /> },
            { path: 'players/:id', element: <PlayerScreen /> },
            { path: 'agents', element: <AgentsScreen /> },
            { path: 'chat', element: <ChatConsoleScreen /> },
            { path: 'messages', element: <MessagesScreen /> },
            { path: 'deliveries', element: <DeliveriesScreen /> },
            { path: 'agent-contracts', element: <AgentContractsScreen /> },
            { path: 'agent-settlements', element: <AgentSettlementsScreen /> },
            {
              path: 'dashboard',
              element: (
                <Suspense fallback={<Loading />}>
                  <DashboardScreen />
                </Suspense>
              ),
            },
            {
              path: 'reports',
              element: (
                <Suspense fallback={<Loading />}>
                  <ReportsScreen />
                </Suspense>
              ),
            },
            { path: 'audit', element: <AuditScreen /> },
            { path: 'content', element: <ContentScreen /> },
            { path: 'promotions', element: <PromotionsScreen /> },
            { path: 'point-mall', element: <PointMallScreen /> },
            { path: 'missions', element: <MissionsScreen /> },
            { path: 'promotion-reviews', element: <ReviewsScreen /> },
            { path: 'games', element: <GamesScreen /> },
            { path: 'settings', element: <SettingsScreen /> },
            { path: 'staff', element: <StaffScreen /> },
            { path: 'sessions', element: <SessionsScreen /> },
            { path: '*', element: <NotFound /> },
          ],
        },
      ],
    },
  ],
  { basename: '/bo' },
);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
