import { LobbyScreen } from '../components/lobby-screen';
import { LOBBIES } from '../lobby-config';

const config = LOBBIES['/esports'];

export function Screen() {
  return config ? <LobbyScreen config={config} /> : null;
}
