/** The client's own strings (it is not the web app and carries no i18next); BN is the default language. */
const EN = {
  loading: 'Loading the game…',
  sessionEnded: 'Your game session has ended. Close this game and open it again from the lobby.',
  error: 'Something went wrong. Please try again.',
  balance: 'Balance',
  playMoney: 'Play money',
  bet: 'Bet',
  lowerBet: 'Lower bet',
  raiseBet: 'Raise bet',
  spin: 'Spin',
  spinning: 'Spinning…',
  win: 'Win',
  noWin: 'No win',
  freeSpins: 'Free spins',
  round: 'Round',
  verify: 'Verify this round',
  sessionTime: 'Session time',
  net: 'Net this session',
  paytable: 'Paytable',
  close: 'Close',
  rtp: 'Return to player',
  lineBetPays: 'Line pays are multiples of the line bet (total bet ÷ paylines).',
  scatterPays: 'Scatter pays anywhere, in multiples of the total bet.',
  wildSubstitutes: 'Wild stands in for every regular symbol.',
  freeSpinRule: '{n}+ scatters award {spins} free spins with every win ×{x}.',
  fairness: 'Provably fair',
  commitment: 'Server seed commitment (SHA-256)',
  clientSeed: 'Your client seed',
  nonce: 'Next nonce',
  rotate: 'Reveal seed and start a new one',
  hidden: 'The server seed is still secret. Reveal it to check this round.',
  verified: 'Verified: the revealed seed matches its commitment and the round replays exactly.',
  notVerified: 'This round does NOT replay from its seeds. Contact support.',
  serverSeed: 'Revealed server seed',
  insufficient: 'Insufficient balance for this bet.',
  excluded: 'You chose to take a break from play.',
  maintenance: 'This game is under maintenance.',
  minRound: 'Each round lasts at least {s} s: a rule of this site’s licence.',
  rules: 'Rules',
  symbol: 'Symbol',
  pays: 'Pays',
  paysFor: '{count} × → {pays}',
  ruleLines:
    'Wins pay on {n} fixed paylines, left to right: matching symbols in a row from the leftmost reel. Only the highest win on each line pays; wins on different lines add up.',
  retriggerRule: '{n}+ scatters during free spins add {spins} more free spins, up to {max} in one feature.',
  noRetrigger: 'Free spins do not award more free spins; scatters in them still pay.',
  featureRound: 'Free spins belong to the round that awarded them: played at its bet and paid with it, once.',
  keyboardHint: 'Keyboard: Space or Enter spins; Tab moves between the controls.',
  paylines: 'Paylines',
  lineNumber: 'Line {n}',
  freeSpinsWon: '{n} free spins!',
  freeSpinOf: 'Free spin {n} of {total}',
  retriggered: '+{n} free spins',
  featureWin: 'Free spins win',
  totalWin: 'Total win',
  skip: 'Skip',
  resuming: 'Your free spins continue where you left them. They were paid with their round.',
};

type Key = keyof typeof EN;

const BN: Record<Key, string> = {
  loading: 'গেম লোড হচ্ছে…',
  sessionEnded: 'আপনার গেম সেশন শেষ হয়েছে। গেমটি বন্ধ করে লবি থেকে আবার খুলুন।',
  error: 'কিছু একটা ভুল হয়েছে। অনুগ্রহ করে আবার চেষ্টা করুন।',
  balance: 'ব্যালেন্স',
  playMoney: 'খেলার টাকা',
  bet: 'বাজি',
  lowerBet: 'বাজি কমান',
  raiseBet: 'বাজি বাড়ান',
  spin: 'স্পিন',
  spinning: 'ঘুরছে…',
  win: 'জয়',
  noWin: 'জয় নেই',
  freeSpins: 'ফ্রি স্পিন',
  round: 'রাউন্ড',
  verify: 'এই রাউন্ড যাচাই করুন',
  sessionTime: 'সেশনের সময়',
  net: 'এই সেশনে নিট',
  paytable: 'পে-টেবিল',
  close: 'বন্ধ করুন',
  rtp: 'খেলোয়াড়ের কাছে ফেরত',
  lineBetPays: 'লাইনের পেমেন্ট লাইন বাজির গুণিতক (মোট বাজি ÷ পেলাইন)।',
  scatterPays: 'স্ক্যাটার যেকোনো জায়গায় পেমেন্ট দেয়, মোট বাজির গুণিতকে।',
  wildSubstitutes: 'ওয়াইল্ড প্রতিটি সাধারণ প্রতীকের বদলে বসে।',
  freeSpinRule: '{n}+ স্ক্যাটারে {spins}টি ফ্রি স্পিন, প্রতিটি জয় ×{x}।',
  fairness: 'প্রমাণযোগ্যভাবে ন্যায্য',
  commitment: 'সার্ভার সিডের প্রতিশ্রুতি (SHA-256)',
  clientSeed: 'আপনার ক্লায়েন্ট সিড',
  nonce: 'পরবর্তী নন্স',
  rotate: 'সিড প্রকাশ করে নতুন সিড শুরু করুন',
  hidden: 'সার্ভার সিড এখনও গোপন। এই রাউন্ড যাচাই করতে সিডটি প্রকাশ করুন।',
  verified: 'যাচাই সম্পন্ন: প্রকাশিত সিড প্রতিশ্রুতির সাথে মেলে এবং রাউন্ডটি হুবহু পুনরায় হিসাব হয়।',
  notVerified: 'এই রাউন্ডটি তার সিড থেকে মেলে না। সহায়তায় যোগাযোগ করুন।',
  serverSeed: 'প্রকাশিত সার্ভার সিড',
  insufficient: 'এই বাজির জন্য ব্যালেন্স যথেষ্ট নয়।',
  excluded: 'আপনি খেলা থেকে বিরতি নেওয়ার সিদ্ধান্ত নিয়েছেন।',
  maintenance: 'এই গেমটির রক্ষণাবেক্ষণ চলছে।',
  minRound: 'প্রতিটি রাউন্ড অন্তত {s} সেকেন্ড চলে: এই সাইটের লাইসেন্সের নিয়ম।',
  rules: 'নিয়ম',
  symbol: 'প্রতীক',
  pays: 'পেমেন্ট',
  paysFor: '{count} × → {pays}',
  ruleLines:
    '{n}টি নির্দিষ্ট পেলাইনে বাঁ থেকে ডানে জয়: সবচেয়ে বাঁয়ের রিল থেকে পরপর একই প্রতীক। প্রতিটি লাইনে শুধু সর্বোচ্চ জয়টি দেওয়া হয়; আলাদা লাইনের জয় যোগ হয়।',
  retriggerRule: 'ফ্রি স্পিনের সময় {n}+ স্ক্যাটারে আরও {spins}টি ফ্রি স্পিন, এক ফিচারে সর্বোচ্চ {max}টি।',
  noRetrigger: 'ফ্রি স্পিন থেকে আর ফ্রি স্পিন পাওয়া যায় না; তবে তাতে স্ক্যাটারের পেমেন্ট থাকে।',
  featureRound: 'ফ্রি স্পিন যে রাউন্ডে পাওয়া গেছে তারই অংশ: সেই বাজিতে খেলা হয় এবং সেই রাউন্ডের সাথে একবারই পরিশোধ হয়।',
  keyboardHint: 'কিবোর্ড: Space বা Enter চাপলে স্পিন; Tab দিয়ে নিয়ন্ত্রণগুলোর মধ্যে যান।',
  paylines: 'পেলাইন',
  lineNumber: 'লাইন {n}',
  freeSpinsWon: '{n}টি ফ্রি স্পিন!',
  freeSpinOf: 'ফ্রি স্পিন {n} / {total}',
  retriggered: '+{n}টি ফ্রি স্পিন',
  featureWin: 'ফ্রি স্পিনে জয়',
  totalWin: 'মোট জয়',
  skip: 'এড়িয়ে যান',
  resuming: 'আপনার ফ্রি স্পিন যেখানে থেমেছিল সেখান থেকে চলছে। এগুলো রাউন্ডের সাথেই পরিশোধ হয়েছে।',
};

const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';

/**
 * One page's strings in BN (the default) and EN; `{name}` placeholders are filled from params. In Bengali every
 * digit a page shows is a Bengali one: the params' and, through `digits`, those of numbers shown without a message.
 */
export function createTranslator<K extends string>(en: Record<K, string>, bn: Record<K, string>) {
  let current = bn;
  const digits = (text: string) =>
    current === bn ? text.replace(/[0-9]/g, (digit) => BENGALI_DIGITS[Number(digit)] ?? digit) : text;
  return {
    setLanguage(language: string | null): 'bn' | 'en' {
      const lang = language === 'en' ? 'en' : 'bn';
      current = lang === 'en' ? en : bn;
      document.documentElement.lang = lang;
      return lang;
    },
    t(key: K, params: Record<string, string | number> = {}): string {
      return current[key].replace(/\{(\w+)\}/g, (_, name: string) => digits(String(params[name] ?? '')));
    },
    digits,
  };
}

const slots = createTranslator(EN, BN);
export const setLanguage = slots.setLanguage;
export const t = slots.t;
export const digits = slots.digits;
