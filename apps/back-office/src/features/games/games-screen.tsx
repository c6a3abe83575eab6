import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CatalogueTable } from './catalogue-table';
import { DrawsTable } from './draws-table';

const TABS = ['vendors', 'games', 'draws'] as const;
type Tab = (typeof TABS)[number];

/** Vendors and games (on, maintenance, off; order; hot) and the house lottery's draws, the table shown kept in the address. */
export function GamesScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((name) => name === params.get('tab')) ?? 'games';
  // Each table keeps its filters in the address; another table starts from its own defaults.
  const setTab = (name: Tab) => setParams(name === 'games' ? {} : { tab: name });
  return (
    <section aria-labelledby="games-title">
      <h1 id="games-title">{t('games.title')}</h1>
      <fieldset className="tabs">
        <legend className="visually-hidden">{t('games.tables')}</legend>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            className={`btn${name === tab ? ' btn-primary' : ''}`}
            aria-pressed={name === tab}
            onClick={() => setTab(name)}
          >
            {t(`games.tab.${name}`)}
          </button>
        ))}
      </fieldset>
      {tab === 'draws' ? <DrawsTable /> : <CatalogueTable kind={tab} key={tab} />}
    </section>
  );
}
