import type { AnnouncementInput } from '@tessera/contract/api/content';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { actorFromName } from '../audit-log/service.js';
import type { SiteSettingsService } from '../site-settings/service.js';
import { DEMO_HELP_CENTER } from './demo-help-center.js';
import { CONTENT_MEDIA_PREFIX } from './media.js';
import { ContentService } from './service.js';

const DAY_MS = 86_400_000;

type Texts = { en: [title: string, html: string]; bn: [title: string, html: string] };
const texts = ({ en, bn }: Texts): AnnouncementInput['texts'] => ({
  en: { title: en[0], content: en[1] },
  bn: { title: bn[0], content: bn[1] },
});

/** Twelve player notices, newest first, so the notice page (9 a page) has two pages. */
const NOTICES: Texts[] = [
  {
    en: [
      'Welcome to Tessera Demo',
      '<p>Thank you for joining us. Open the <strong>members centre</strong> to see your wallet, records and rewards.</p>',
    ],
    bn: [
      'টেসেরা ডেমোতে স্বাগতম',
      '<p>আমাদের সঙ্গে যুক্ত হওয়ার জন্য ধন্যবাদ। আপনার ওয়ালেট, রেকর্ড ও পুরস্কার দেখতে <strong>মেম্বার সেন্টার</strong> খুলুন।</p>',
    ],
  },
  {
    en: [
      'Scheduled maintenance on Sunday',
      '<p>The site will be unavailable on Sunday from 02:00 to 03:00 (GMT+6) for a system upgrade. Balances are not affected.</p>',
    ],
    bn: [
      'রবিবার নির্ধারিত রক্ষণাবেক্ষণ',
      '<p>সিস্টেম আপগ্রেডের জন্য রবিবার রাত ০২:০০ থেকে ০৩:০০ (GMT+6) পর্যন্ত সাইটটি বন্ধ থাকবে। ব্যালেন্সে কোনো প্রভাব পড়বে না।</p>',
    ],
  },
  {
    en: [
      'Two slot games',
      '<p>Lotus Fortune and Classic Sevens are in the <a href="/rng">slots lobby</a>, played with play money.</p>',
    ],
    bn: ['দুটি স্লট গেম', '<p>লোটাস ফরচুন ও ক্লাসিক সেভেনস <a href="/rng">স্লট লবিতে</a> আছে, খেলা হয় খেলার টাকায়।</p>'],
  },
  {
    en: [
      'Protect your account',
      '<p>Our staff will <strong>never</strong> ask for your password, payment password or SMS code. Do not share them with anyone.</p>',
    ],
    bn: [
      'আপনার অ্যাকাউন্ট সুরক্ষিত রাখুন',
      '<p>আমাদের কর্মীরা <strong>কখনোই</strong> আপনার পাসওয়ার্ড, পেমেন্ট পাসওয়ার্ড বা এসএমএস কোড চাইবে না। এগুলো কারও সঙ্গে শেয়ার করবেন না।</p>',
    ],
  },
  {
    en: [
      'Faster withdrawals to e-wallets',
      '<p>Withdrawals to e-wallets are now reviewed within 15 minutes on average, every day of the week.</p>',
    ],
    bn: ['ই-ওয়ালেটে দ্রুত উত্তোলন', '<p>ই-ওয়ালেটে উত্তোলন এখন সপ্তাহের প্রতিদিন গড়ে ১৫ মিনিটের মধ্যে যাচাই করা হয়।</p>'],
  },
  {
    en: [
      'Lottery draw times',
      '<p>SEA lottery draws take place every day. Bets close five minutes before each draw; results appear in your betting record.</p>',
    ],
    bn: [
      'লটারির ড্র-এর সময়',
      '<p>এসইএ লটারির ড্র প্রতিদিন হয়। প্রতিটি ড্র-এর পাঁচ মিনিট আগে বাজি বন্ধ হয়; ফলাফল আপনার বেটিং রেকর্ডে দেখা যায়।</p>',
    ],
  },
  {
    en: [
      'Set your deposit limit',
      '<p>You can set a daily, weekly or monthly deposit limit in <em>My account</em>. See <a href="/help#responsible-gaming">Responsible Gaming</a>.</p>',
    ],
    bn: [
      'ডিপোজিট সীমা নির্ধারণ করুন',
      '<p><em>আমার অ্যাকাউন্ট</em>-এ দৈনিক, সাপ্তাহিক বা মাসিক ডিপোজিট সীমা নির্ধারণ করতে পারেন। দেখুন <a href="/help#responsible-gaming">দায়িত্বশীল গেমিং</a>।</p>',
    ],
  },
  {
    en: [
      'Updated terms and conditions',
      '<p>Section 4 (bonuses and promotions) of our <a href="/help#terms">terms</a> now states the claim period of every promotion.</p>',
    ],
    bn: [
      'শর্তাবলি হালনাগাদ করা হয়েছে',
      '<p>আমাদের <a href="/help#terms">শর্তাবলির</a> ৪ নম্বর অংশে (বোনাস ও প্রোমোশন) এখন প্রতিটি প্রোমোশনের দাবির সময়সীমা উল্লেখ আছে।</p>',
    ],
  },
  {
    en: [
      'Bengali language support',
      '<p>The whole site is now available in Bengali. Change the language from the selector in the header at any time.</p>',
    ],
    bn: ['বাংলা ভাষা সমর্থন', '<p>পুরো সাইট এখন বাংলায় পাওয়া যাচ্ছে। হেডারের ভাষা নির্বাচক থেকে যেকোনো সময় ভাষা পরিবর্তন করুন।</p>'],
  },
  {
    en: [
      'Invite friends',
      '<p>Share your invitation link from <em>Invite friends</em> in the members centre and follow your referrals there.</p>',
    ],
    bn: [
      'বন্ধুদের আমন্ত্রণ জানান',
      '<p>মেম্বার সেন্টারের <em>বন্ধুদের আমন্ত্রণ</em> থেকে আপনার আমন্ত্রণ লিংক শেয়ার করুন এবং সেখানেই আপনার রেফারেল দেখুন।</p>',
    ],
  },
  {
    en: [
      'Customer service hours',
      '<p>This demo has no live chat or support team: the help centre answers the common questions.</p>',
    ],
    bn: ['গ্রাহক সেবার সময়', '<p>এই ডেমোতে লাইভ চ্যাট বা সাপোর্ট টিম নেই: সাধারণ প্রশ্নের উত্তর সহায়তা কেন্দ্রে আছে।</p>'],
  },
  {
    en: ['Site launch', '<p>Tessera Demo is open: slots, lotteries and fast dice in one wallet, with play money only.</p>'],
    bn: ['সাইট চালু হলো', '<p>টেসেরা ডেমো চালু হয়েছে: স্লট, লটারি ও ফাস্ট পাশা এক ওয়ালেটে, শুধু খেলার টাকায়।</p>'],
  },
];

function demoAnnouncements(now: number): AnnouncementInput[] {
  const iso = (ms: number) => new Date(ms).toISOString();
  return [
    {
      type: 'B',
      startTime: iso(now - DAY_MS),
      image: `${CONTENT_MEDIA_PREFIX}welcome-banner-v1.svg`,
      groupName: 'w_home',
      linkageType: 'route',
      link: '/promotions',
      texts: texts({
        en: ['Welcome to Tessera', '<p>One account for slots and lotteries, with play money. 18+ only.</p>'],
        bn: ['টেসেরায় স্বাগতম', '<p>স্লট ও লটারির জন্য একটিই অ্যাকাউন্ট, খেলার টাকায়। শুধুমাত্র ১৮+।</p>'],
      }),
    },
    {
      type: 'H',
      startTime: iso(now - DAY_MS),
      texts: texts({
        en: ['Lottery draws all day and play-money deposits credited at once. Play responsibly: 18+ only.', ''],
        bn: ['সারাদিন লটারি ড্র, খেলার টাকার জমা সঙ্গে সঙ্গে যোগ হয়। দায়িত্বের সঙ্গে খেলুন: শুধুমাত্র ১৮+।', ''],
      }),
    },
    {
      type: 'PU',
      startTime: iso(now - DAY_MS),
      linkageType: 'route',
      link: '/help#responsible-gaming',
      texts: texts({
        en: [
          'Play responsibly',
          '<p>Gaming is entertainment, not a way to make money. You must be <strong>18 or older</strong> to play.</p><p>Set a deposit limit, take a time-out or exclude yourself at any time in <em>My account</em>. Free, confidential help is available: see <a href="/help#responsible-gaming">Responsible Gaming</a>.</p>',
        ],
        bn: [
          'দায়িত্বের সঙ্গে খেলুন',
          '<p>গেমিং বিনোদন, অর্থ উপার্জনের উপায় নয়। খেলতে হলে আপনার বয়স <strong>১৮ বা তার বেশি</strong> হতে হবে।</p><p><em>আমার অ্যাকাউন্ট</em>-এ যেকোনো সময় ডিপোজিট সীমা নির্ধারণ, বিরতি বা স্ব-বর্জন করতে পারেন। বিনামূল্যে গোপনীয় সাহায্য পাওয়া যায়: দেখুন <a href="/help#responsible-gaming">দায়িত্বশীল গেমিং</a>।</p>',
        ],
      }),
    },
    ...NOTICES.map(
      (notice, index): AnnouncementInput => ({
        type: 'PL',
        startTime: iso(now - (index + 1) * DAY_MS),
        texts: texts(notice),
      }),
    ),
  ];
}

/** The demo merchant's help centre and announcements (called once, when the merchant is created). */
export async function seedDemoContent(db: Kysely<Database>, settings: SiteSettingsService, merchantCode: string, actor: string) {
  await settings.set(merchantCode, 'helpCenter', DEMO_HELP_CENTER, actor);
  await new ContentService(db).import(merchantCode, { announcements: demoAnnouncements(Date.now()) }, actorFromName(actor));
}
