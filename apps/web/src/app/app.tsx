import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { BootGate } from './boot-gate';
import { createRouter } from './router';

type Router = ReturnType<typeof createRouter>;

function Site({ router: ready }: { router?: Router }) {
  // Created only once the boot gate lets the normal site through, so no route loads before the status; a router
  // made earlier is the one that took over the prerendered page (prerender/takeover.ts).
  const [router] = useState(() => ready ?? createRouter());
  return <RouterProvider router={router} />;
}

export function App({ queryClient, router }: { queryClient: QueryClient; router?: Router }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BootGate>
        <Site router={router} />
      </BootGate>
    </QueryClientProvider>
  );
}
