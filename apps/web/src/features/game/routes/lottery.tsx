import { LotteryLaunchScreen } from '../lottery-launch-screen';

export function Screen() {
  return <LotteryLaunchScreen path="/lottery" />;
}
