import { LobbyScreen } from '../components/lobby-screen';

export function Screen() {
  return <LobbyScreen titleKey="routes.sports" />;
}
