import { LobbyScreen } from '../components/lobby-screen';
import { LOBBIES } from '../lobby-config';

const config = LOBBIES['/fish'];

export function Screen() {
  return config ? <LobbyScreen config={config} /> : null;
}
