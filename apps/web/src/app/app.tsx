import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { BootGate } from './boot-gate';
import { createRouter } from './router';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

function Site() {
  // Created only once the boot gate lets the normal site through, so no route loads before the status.
  const [router] = useState(createRouter);
  return <RouterProvider router={router} />;
}

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BootGate>
        <Site />
      </BootGate>
    </QueryClientProvider>
  );
}
