// The framework floor of the player site (bench/lighthouse.ts): router + query cache + i18n, one screen of text.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next';
import { createBrowserRouter, Link, RouterProvider } from 'react-router';
import text from './text.json';

void i18next.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { translation: text } },
  initAsync: false,
  interpolation: { escapeValue: false },
});

const queryClient = new QueryClient();

function Screen() {
  const { t } = useTranslation();
  const { data: paragraphs = [] } = useQuery({
    queryKey: ['paragraphs'],
    queryFn: () => t('paragraphs', { returnObjects: true }) as string[],
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: '40rem', margin: '0 auto', padding: '1rem' }}>
      <h1>{t('title')}</h1>
      <p>
        <strong>{t('lead')}</strong>
      </p>
      {paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      <Link to="/about">{t('more')}</Link>
    </main>
  );
}

const router = createBrowserRouter([
  { path: '/', element: <Screen /> },
  { path: '*', element: <Screen /> },
]);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18next}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>
  </StrictMode>,
);
