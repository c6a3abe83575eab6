import type { HelpItem } from '@tessera/contract/settings';

/**
 * The demo merchant's help centre (`GET /wps/system/helpCenter`, /help and /helpmc): the footer's about list
 * (spec §2.2) and the common questions, in EN and BN. Ids are the anchors the site links to (/help#terms).
 */
export const DEMO_HELP_CENTER: HelpItem[] = [
  {
    id: 'about',
    titleKey: 'shell.footer.about_company',
    title: { en: 'About Company', bn: 'আমাদের সম্পর্কে' },
    content: {
      en: `<p>Tessera Demo is an online gaming site that offers sports betting, live casino, slots, fishing games, card rooms and lotteries in one account and one wallet.</p>
<p>The site runs on Tessera, an open-source gaming platform: the rules of our house games, their published pay tables and the fairness checks behind every result can be inspected by anyone. Each round of a house game is decided by a seed committed before you play and revealed afterwards, so you can verify that no result was changed.</p>
<p>We accept players aged 18 and over only, and we give every player tools to stay in control of their play (see <a href="/help#responsible-gaming">Responsible Gaming</a>).</p>`,
      bn: `<p>টেসেরা ডেমো একটি অনলাইন গেমিং সাইট। একটি অ্যাকাউন্ট ও একটি ওয়ালেটেই এখানে স্পোর্টস বেটিং, লাইভ ক্যাসিনো, স্লট, ফিশিং গেম, কার্ড রুম এবং লটারি খেলা যায়।</p>
<p>সাইটটি চলে টেসেরা নামের একটি ওপেন-সোর্স গেমিং প্ল্যাটফর্মে: আমাদের নিজস্ব গেমের নিয়ম, প্রকাশিত পে-টেবিল এবং প্রতিটি ফলাফলের ন্যায্যতা-যাচাই যে কেউ দেখতে পারেন। প্রতিটি রাউন্ডের ফলাফল এমন একটি সিড দিয়ে নির্ধারিত হয়, যা খেলার আগেই নির্দিষ্ট করা থাকে এবং খেলার পরে প্রকাশ করা হয়; তাই কোনো ফলাফল বদলানো হয়নি, তা আপনি নিজেই যাচাই করতে পারেন।</p>
<p>শুধুমাত্র ১৮ বছর বা তার বেশি বয়সী খেলোয়াড়রা অ্যাকাউন্ট খুলতে পারেন, এবং প্রত্যেক খেলোয়াড়ের জন্য নিজের খেলা নিয়ন্ত্রণে রাখার ব্যবস্থা রয়েছে (দেখুন <a href="/help#responsible-gaming">দায়িত্বশীল গেমিং</a>)।</p>`,
    },
  },
  {
    id: 'contact',
    titleKey: 'shell.footer.contact_us',
    title: { en: 'Contact Us', bn: 'যোগাযোগ' },
    content: {
      en: `<p>Our support team answers every day, around the clock.</p>
<ul>
<li><strong>Live chat:</strong> open <em>Customer service</em> from the side menu or from the menu under your avatar.</li>
<li><strong>Email:</strong> <a href="mailto:support@tessera.example">support@tessera.example</a>. We reply within 24 hours.</li>
<li><strong>Feedback:</strong> use the feedback form to report a problem; you may attach up to three screenshots (PNG or JPG, 5 MB each).</li>
</ul>
<p>For questions about a deposit or a withdrawal, please tell us the amount, the time and the transaction ID shown in your account record. Our staff will never ask for your password or payment password.</p>`,
      bn: `<p>আমাদের সাপোর্ট টিম প্রতিদিন ২৪ ঘণ্টা উত্তর দেয়।</p>
<ul>
<li><strong>লাইভ চ্যাট:</strong> সাইড মেনু থেকে অথবা আপনার অবতারের নিচের মেনু থেকে <em>গ্রাহক সেবা</em> খুলুন।</li>
<li><strong>ইমেইল:</strong> <a href="mailto:support@tessera.example">support@tessera.example</a>। আমরা ২৪ ঘণ্টার মধ্যে উত্তর দিই।</li>
<li><strong>মতামত:</strong> কোনো সমস্যা জানাতে মতামত ফর্মটি ব্যবহার করুন; সর্বোচ্চ তিনটি স্ক্রিনশট (PNG বা JPG, প্রতিটি ৫ MB পর্যন্ত) যুক্ত করতে পারেন।</li>
</ul>
<p>ডিপোজিট বা উত্তোলন নিয়ে প্রশ্ন থাকলে, অনুগ্রহ করে পরিমাণ, সময় এবং অ্যাকাউন্ট রেকর্ডে দেখানো লেনদেন আইডি জানান। আমাদের কর্মীরা কখনোই আপনার পাসওয়ার্ড বা পেমেন্ট পাসওয়ার্ড চাইবে না।</p>`,
    },
  },
  {
    id: 'terms',
    titleKey: 'shell.footer.terms',
    title: { en: 'General Terms and Conditions', bn: 'সাধারণ শর্তাবলি' },
    content: {
      en: `<h3>1. Your account</h3>
<p>You must be at least 18 years old and allowed by the law of the place where you live to take part in online gaming. One person may hold one account. Keep your password and payment password secret; every bet placed with your login is treated as yours.</p>
<h3>2. Deposits and withdrawals</h3>
<p>Deposits are credited once the payment channel confirms them. Withdrawals are paid only to payment accounts in your own name, after the checks the law requires of us (including identity checks where needed). We may hold a withdrawal while a check is open and will tell you what we need.</p>
<h3>3. Bets and results</h3>
<p>A bet is accepted when it appears in your betting record. Results are settled according to the rules of the game or market. If a game fails during play, the round is voided and the stake returned, unless the result was already decided.</p>
<h3>4. Bonuses and promotions</h3>
<p>Each promotion states its own rules, including wagering requirements and the period in which it can be claimed. A bonus obtained through several accounts or by abusing an error may be withdrawn.</p>
<h3>5. Fair use</h3>
<p>Automated play, collusion, and using someone else's payment method are not allowed. We may suspend an account while we investigate such a case, and we will tell you the outcome.</p>
<h3>6. Changes</h3>
<p>We may change these terms. The version shown here is the one in force; important changes are announced in the notices before they apply.</p>`,
      bn: `<h3>১. আপনার অ্যাকাউন্ট</h3>
<p>আপনার বয়স কমপক্ষে ১৮ বছর হতে হবে এবং আপনি যেখানে থাকেন সেখানকার আইনে অনলাইন গেমিংয়ে অংশ নেওয়ার অনুমতি থাকতে হবে। একজন ব্যক্তি একটি অ্যাকাউন্ট রাখতে পারেন। আপনার পাসওয়ার্ড ও পেমেন্ট পাসওয়ার্ড গোপন রাখুন; আপনার লগইন দিয়ে করা প্রতিটি বাজি আপনার বলেই গণ্য হবে।</p>
<h3>২. ডিপোজিট ও উত্তোলন</h3>
<p>পেমেন্ট চ্যানেল নিশ্চিত করার পর ডিপোজিট আপনার অ্যাকাউন্টে যোগ হয়। উত্তোলন শুধুমাত্র আপনার নিজের নামের পেমেন্ট অ্যাকাউন্টে পাঠানো হয়, আইন অনুযায়ী প্রয়োজনীয় যাচাইয়ের পর (প্রয়োজনে পরিচয় যাচাইসহ)। যাচাই চলাকালীন আমরা কোনো উত্তোলন স্থগিত রাখতে পারি এবং কী প্রয়োজন তা আপনাকে জানাব।</p>
<h3>৩. বাজি ও ফলাফল</h3>
<p>বাজি আপনার বেটিং রেকর্ডে দেখা গেলে তা গৃহীত হয়েছে বলে ধরা হয়। গেম বা মার্কেটের নিয়ম অনুযায়ী ফলাফল নিষ্পত্তি হয়। খেলার সময় কোনো গেম ব্যর্থ হলে, ফলাফল আগেই নির্ধারিত না হয়ে থাকলে রাউন্ডটি বাতিল হয় এবং বাজির অর্থ ফেরত দেওয়া হয়।</p>
<h3>৪. বোনাস ও প্রোমোশন</h3>
<p>প্রতিটি প্রোমোশনের নিজস্ব নিয়ম থাকে, যার মধ্যে বাজির শর্ত এবং দাবি করার সময়সীমা উল্লেখ থাকে। একাধিক অ্যাকাউন্ট ব্যবহার করে বা কোনো ত্রুটির অপব্যবহার করে পাওয়া বোনাস ফেরত নেওয়া হতে পারে।</p>
<h3>৫. ন্যায্য ব্যবহার</h3>
<p>স্বয়ংক্রিয় খেলা, যোগসাজশ এবং অন্যের পেমেন্ট মাধ্যম ব্যবহার নিষিদ্ধ। এমন ঘটনার তদন্ত চলাকালীন আমরা অ্যাকাউন্ট স্থগিত রাখতে পারি এবং ফলাফল আপনাকে জানাব।</p>
<h3>৬. পরিবর্তন</h3>
<p>আমরা এই শর্তাবলি পরিবর্তন করতে পারি। এখানে দেখানো সংস্করণটিই কার্যকর; গুরুত্বপূর্ণ পরিবর্তন কার্যকর হওয়ার আগে নোটিশে ঘোষণা করা হয়।</p>`,
    },
  },
  {
    id: 'responsible-gaming',
    titleKey: 'shell.footer.responsible_gaming',
    title: { en: 'Responsible Gaming', bn: 'দায়িত্বশীল গেমিং' },
    content: {
      en: `<p><strong>18+ only.</strong> Gaming should be entertainment, never a way to earn money or to win back losses. Only play with money you can afford to lose.</p>
<h3>Tools in your account</h3>
<ul>
<li><strong>Deposit limits:</strong> set a daily, weekly or monthly limit. Lowering a limit applies at once; raising it applies after 24 hours.</li>
<li><strong>Time-out:</strong> take a break of 24 hours, 7 days or 30 days. During a time-out you cannot log in to play, and the break cannot be ended early.</li>
<li><strong>Self-exclusion:</strong> close your account for 6 months, 1 year or permanently. We will not send you promotions during that time.</li>
<li><strong>Session clock:</strong> the time you have been playing is always shown while you are logged in.</li>
</ul>
<p>You will find these tools in the members centre under <em>My account</em>. Our support team can also set them for you.</p>
<h3>Warning signs</h3>
<ul>
<li>You spend more time or money than you planned.</li>
<li>You borrow money or hide your gaming from family.</li>
<li>You play to escape problems or to chase losses.</li>
</ul>
<h3>Where to get help</h3>
<p>Free, confidential support is available from <a href="https://www.gamblingtherapy.org" target="_blank" rel="noopener noreferrer">Gambling Therapy</a> (online, in many languages) and <a href="https://www.gamblersanonymous.org" target="_blank" rel="noopener noreferrer">Gamblers Anonymous</a>. If you are worried about someone else's gaming, these services help families too.</p>`,
      bn: `<p><strong>শুধুমাত্র ১৮+।</strong> গেমিং হওয়া উচিত বিনোদন, কখনোই অর্থ উপার্জনের বা হারানো টাকা ফিরে পাওয়ার উপায় নয়। শুধু সেই অর্থ দিয়েই খেলুন যা হারালেও আপনার ক্ষতি হবে না।</p>
<h3>আপনার অ্যাকাউন্টে থাকা ব্যবস্থা</h3>
<ul>
<li><strong>ডিপোজিট সীমা:</strong> দৈনিক, সাপ্তাহিক বা মাসিক সীমা নির্ধারণ করুন। সীমা কমালে তা সঙ্গে সঙ্গে কার্যকর হয়; বাড়ালে ২৪ ঘণ্টা পরে কার্যকর হয়।</li>
<li><strong>বিরতি (টাইম-আউট):</strong> ২৪ ঘণ্টা, ৭ দিন বা ৩০ দিনের বিরতি নিন। বিরতির সময় খেলার জন্য লগইন করা যাবে না, এবং বিরতি আগে শেষ করা যায় না।</li>
<li><strong>স্ব-বর্জন:</strong> ৬ মাস, ১ বছর বা স্থায়ীভাবে আপনার অ্যাকাউন্ট বন্ধ রাখুন। এই সময়ে আমরা আপনাকে কোনো প্রোমোশন পাঠাব না।</li>
<li><strong>সেশন ঘড়ি:</strong> লগইন থাকা অবস্থায় আপনি কতক্ষণ ধরে খেলছেন তা সবসময় দেখানো হয়।</li>
</ul>
<p>এই ব্যবস্থাগুলো মেম্বার সেন্টারের <em>আমার অ্যাকাউন্ট</em> অংশে পাবেন। আমাদের সাপোর্ট টিমও আপনার হয়ে এগুলো চালু করে দিতে পারে।</p>
<h3>সতর্কতার লক্ষণ</h3>
<ul>
<li>পরিকল্পনার চেয়ে বেশি সময় বা অর্থ খরচ করছেন।</li>
<li>খেলার জন্য ধার করছেন বা পরিবারের কাছ থেকে গোপন রাখছেন।</li>
<li>সমস্যা থেকে পালাতে বা হারানো টাকা ফেরত পেতে খেলছেন।</li>
</ul>
<h3>কোথায় সাহায্য পাবেন</h3>
<p>বিনামূল্যে ও গোপনীয় সহায়তা পাওয়া যায় <a href="https://www.gamblingtherapy.org" target="_blank" rel="noopener noreferrer">Gambling Therapy</a> (অনলাইনে, বহু ভাষায়) এবং <a href="https://www.gamblersanonymous.org" target="_blank" rel="noopener noreferrer">Gamblers Anonymous</a>-এর কাছে। অন্য কারও খেলা নিয়ে চিন্তিত হলে, এই সংস্থাগুলো পরিবারের সদস্যদেরও সাহায্য করে।</p>`,
    },
  },
  {
    id: 'privacy',
    titleKey: 'shell.footer.privacy',
    title: { en: 'Privacy Policy', bn: 'গোপনীয়তা নীতি' },
    content: {
      en: `<p>We collect only what we need to run your account: your username, contact details you give us, your payment details, your betting and transaction records, and technical data such as your IP address and device type.</p>
<h3>How we use it</h3>
<ul>
<li>To operate your account, pay your withdrawals and answer your questions.</li>
<li>To meet legal duties: age and identity checks, anti-money-laundering checks and record keeping.</li>
<li>To protect players and the site from fraud and to keep your account secure.</li>
</ul>
<p>We never sell your data. We share it only with payment providers and game providers as needed to serve you, and with authorities when the law requires it.</p>
<h3>Security and your rights</h3>
<p>Passwords are stored only as strong one-way hashes, and all traffic is encrypted. You may ask for a copy of your data or for a correction by contacting <a href="mailto:support@tessera.example">support@tessera.example</a>. Records the law obliges us to keep are kept for the period it sets and then deleted.</p>`,
      bn: `<p>আপনার অ্যাকাউন্ট চালাতে যা প্রয়োজন আমরা শুধু তা-ই সংগ্রহ করি: আপনার ইউজারনেম, আপনার দেওয়া যোগাযোগের তথ্য, পেমেন্টের তথ্য, বাজি ও লেনদেনের রেকর্ড, এবং আইপি ঠিকানা ও ডিভাইসের ধরনের মতো প্রযুক্তিগত তথ্য।</p>
<h3>আমরা কীভাবে ব্যবহার করি</h3>
<ul>
<li>আপনার অ্যাকাউন্ট পরিচালনা, উত্তোলন পরিশোধ এবং আপনার প্রশ্নের উত্তর দিতে।</li>
<li>আইনি দায়িত্ব পালনে: বয়স ও পরিচয় যাচাই, অর্থপাচার প্রতিরোধ যাচাই এবং রেকর্ড সংরক্ষণ।</li>
<li>খেলোয়াড় ও সাইটকে প্রতারণা থেকে রক্ষা করতে এবং আপনার অ্যাকাউন্ট সুরক্ষিত রাখতে।</li>
</ul>
<p>আমরা কখনোই আপনার তথ্য বিক্রি করি না। আপনাকে সেবা দিতে যতটুকু প্রয়োজন, শুধু ততটুকুই পেমেন্ট ও গেম প্রদানকারীদের সঙ্গে এবং আইনের প্রয়োজনে কর্তৃপক্ষের সঙ্গে শেয়ার করি।</p>
<h3>নিরাপত্তা ও আপনার অধিকার</h3>
<p>পাসওয়ার্ড শুধুমাত্র শক্তিশালী একমুখী হ্যাশ হিসেবে সংরক্ষিত থাকে এবং সব যোগাযোগ এনক্রিপ্টেড। আপনার তথ্যের একটি কপি বা সংশোধন চাইতে <a href="mailto:support@tessera.example">support@tessera.example</a>-এ যোগাযোগ করুন। আইন যে রেকর্ড রাখতে বাধ্য করে, তা আইনে নির্ধারিত সময় পর্যন্ত রাখা হয় এবং তারপর মুছে ফেলা হয়।</p>`,
    },
  },
  {
    id: 'affiliates',
    titleKey: 'shell.footer.affiliates',
    title: { en: 'Affiliates', bn: 'অ্যাফিলিয়েট' },
    content: {
      en: `<p>Become an agent and earn from the players you bring. Agents get their own invitation link and code, an agent centre with team reports, and, where offered, dividend and salary contracts.</p>
<ul>
<li>Share your link; players who register through it join your downline.</li>
<li>Follow your team's activity, bets and your income in the agent centre.</li>
<li>Commission is calculated from your team's results under the contract you accept, and paid to your wallet.</li>
</ul>
<p>Agents must follow the same rules as players and must never promote the site to anyone under 18. To apply, see the <a href="/join">join page</a> or contact customer service.</p>`,
      bn: `<p>এজেন্ট হয়ে আপনার আনা খেলোয়াড়দের থেকে আয় করুন। এজেন্টরা পান নিজস্ব আমন্ত্রণ লিংক ও কোড, টিম রিপোর্টসহ একটি এজেন্ট সেন্টার, এবং যেখানে প্রযোজ্য, ডিভিডেন্ড ও স্যালারি চুক্তি।</p>
<ul>
<li>আপনার লিংক শেয়ার করুন; যে খেলোয়াড়রা এর মাধ্যমে নিবন্ধন করবেন তারা আপনার ডাউনলাইনে যুক্ত হবেন।</li>
<li>এজেন্ট সেন্টারে আপনার টিমের কার্যকলাপ, বাজি এবং আপনার আয় দেখুন।</li>
<li>আপনার গ্রহণ করা চুক্তি অনুযায়ী টিমের ফলাফল থেকে কমিশন হিসাব করে আপনার ওয়ালেটে দেওয়া হয়।</li>
</ul>
<p>এজেন্টদেরও খেলোয়াড়দের মতো একই নিয়ম মানতে হবে এবং ১৮ বছরের কম বয়সী কারও কাছে সাইটের প্রচার করা যাবে না। আবেদন করতে <a href="/join">যোগদান পাতা</a> দেখুন অথবা গ্রাহক সেবায় যোগাযোগ করুন।</p>`,
    },
  },
  {
    id: 'refund',
    titleKey: 'shell.footer.refund',
    title: { en: 'Refund Policy', bn: 'রিফান্ড নীতি' },
    content: {
      en: `<p>A bet that has been accepted and settled cannot be refunded. We refund money in these cases:</p>
<ul>
<li><strong>Failed deposit:</strong> if your payment was taken but not credited, send us the transaction ID; once the payment channel confirms it, we credit your account or return the money to the account it came from.</li>
<li><strong>Voided rounds:</strong> if a game fails before its result is decided, the stake is returned to your wallet automatically.</li>
<li><strong>Duplicate payments:</strong> a payment taken twice by mistake is returned to its source.</li>
<li><strong>Closed accounts:</strong> when an account is closed, the remaining balance is paid out to a payment account in the holder's name, after the required checks.</li>
</ul>
<p>Refunds are processed within 3 working days of confirmation. Contact customer service with the details of the payment to start a request.</p>`,
      bn: `<p>গৃহীত ও নিষ্পত্তি হওয়া বাজির অর্থ ফেরত দেওয়া হয় না। নিচের ক্ষেত্রে আমরা অর্থ ফেরত দিই:</p>
<ul>
<li><strong>ব্যর্থ ডিপোজিট:</strong> আপনার পেমেন্ট কেটে নেওয়া হলেও অ্যাকাউন্টে যোগ না হলে লেনদেন আইডি পাঠান; পেমেন্ট চ্যানেল নিশ্চিত করলে আমরা আপনার অ্যাকাউন্টে যোগ করি অথবা যে অ্যাকাউন্ট থেকে এসেছে সেখানে ফেরত পাঠাই।</li>
<li><strong>বাতিল রাউন্ড:</strong> ফলাফল নির্ধারণের আগে কোনো গেম ব্যর্থ হলে বাজির অর্থ স্বয়ংক্রিয়ভাবে আপনার ওয়ালেটে ফেরত আসে।</li>
<li><strong>দ্বৈত পেমেন্ট:</strong> ভুলবশত দুবার কাটা পেমেন্ট তার উৎসে ফেরত পাঠানো হয়।</li>
<li><strong>বন্ধ অ্যাকাউন্ট:</strong> অ্যাকাউন্ট বন্ধ হলে প্রয়োজনীয় যাচাইয়ের পর অবশিষ্ট ব্যালেন্স অ্যাকাউন্টধারীর নিজের নামের পেমেন্ট অ্যাকাউন্টে পাঠানো হয়।</li>
</ul>
<p>নিশ্চিত হওয়ার ৩ কর্মদিবসের মধ্যে রিফান্ড সম্পন্ন হয়। অনুরোধ শুরু করতে পেমেন্টের বিবরণসহ গ্রাহক সেবায় যোগাযোগ করুন।</p>`,
    },
  },
  {
    id: 'faq-register',
    titleKey: 'help.faq_register',
    title: { en: 'How do I register?', bn: 'কীভাবে নিবন্ধন করব?' },
    content: {
      en: `<ol>
<li>Press <strong>Sign up</strong> at the top of the page.</li>
<li>Choose a username (it starts with a letter) and a password, or register with your mobile number if that option is shown.</li>
<li>Fill in any other fields the form asks for, confirm that you are 18 or older and accept the terms.</li>
<li>Press <strong>Register</strong>: you are logged in at once and can make your first deposit.</li>
</ol>
<p>If a friend or agent invited you, open their link or enter their invitation code so that you join their team.</p>`,
      bn: `<ol>
<li>পাতার উপরে <strong>সাইন আপ</strong> চাপুন।</li>
<li>একটি ইউজারনেম (অক্ষর দিয়ে শুরু) ও পাসওয়ার্ড বেছে নিন, অথবা অপশনটি থাকলে মোবাইল নম্বর দিয়ে নিবন্ধন করুন।</li>
<li>ফর্মে চাওয়া অন্যান্য ঘর পূরণ করুন, আপনার বয়স ১৮ বা তার বেশি তা নিশ্চিত করুন এবং শর্তাবলি মেনে নিন।</li>
<li><strong>নিবন্ধন</strong> চাপুন: সঙ্গে সঙ্গে আপনি লগইন হয়ে যাবেন এবং প্রথম ডিপোজিট করতে পারবেন।</li>
</ol>
<p>কোনো বন্ধু বা এজেন্ট আমন্ত্রণ জানালে, তার লিংক খুলুন অথবা আমন্ত্রণ কোড লিখুন, যাতে আপনি তার টিমে যুক্ত হন।</p>`,
    },
  },
  {
    id: 'faq-deposit',
    titleKey: 'help.faq_deposit',
    title: { en: 'How do I deposit?', bn: 'কীভাবে ডিপোজিট করব?' },
    content: {
      en: `<ol>
<li>Log in and press the <strong>deposit</strong> icon next to your balance.</li>
<li>Choose a payment method and channel, then enter the amount (the minimum and maximum are shown for each channel).</li>
<li>Pay to the account shown within the time given, then enter your payer number and transaction ID.</li>
<li>Your balance is credited as soon as the payment is confirmed. You can follow the order in your account record.</li>
</ol>
<p>Always pay from an account in your own name, and use the payment details shown for each new order: they can change.</p>`,
      bn: `<ol>
<li>লগইন করে ব্যালেন্সের পাশের <strong>ডিপোজিট</strong> আইকনে চাপুন।</li>
<li>একটি পেমেন্ট পদ্ধতি ও চ্যানেল বেছে নিন, তারপর পরিমাণ লিখুন (প্রতিটি চ্যানেলের সর্বনিম্ন ও সর্বোচ্চ পরিমাণ দেখানো থাকে)।</li>
<li>নির্ধারিত সময়ের মধ্যে দেখানো অ্যাকাউন্টে পেমেন্ট করুন, তারপর আপনার পেমেন্ট নম্বর ও লেনদেন আইডি লিখুন।</li>
<li>পেমেন্ট নিশ্চিত হলেই আপনার ব্যালেন্সে যোগ হবে। অ্যাকাউন্ট রেকর্ডে অর্ডারের অবস্থা দেখতে পারবেন।</li>
</ol>
<p>সবসময় নিজের নামের অ্যাকাউন্ট থেকে পেমেন্ট করুন, এবং প্রতিটি নতুন অর্ডারে দেখানো পেমেন্ট বিবরণ ব্যবহার করুন: এগুলো বদলে যেতে পারে।</p>`,
    },
  },
  {
    id: 'faq-withdraw',
    titleKey: 'help.faq_withdraw',
    title: { en: 'How do I withdraw?', bn: 'কীভাবে উত্তোলন করব?' },
    content: {
      en: `<ol>
<li>Bind a bank card or e-wallet in your own name under <em>My account</em>, and set a payment password.</li>
<li>Press the <strong>withdraw</strong> icon, choose the card or wallet and enter the amount within the limits shown.</li>
<li>Confirm with your payment password (and the SMS code, if one is asked for).</li>
<li>The amount is held from your balance at once and paid after review; you can follow it in your account record.</li>
</ol>
<p>Any open bonus wagering must be completed before a withdrawal. If a withdrawal is rejected, the held amount returns to your balance.</p>`,
      bn: `<ol>
<li><em>আমার অ্যাকাউন্ট</em> অংশে নিজের নামের একটি ব্যাংক কার্ড বা ই-ওয়ালেট যুক্ত করুন এবং পেমেন্ট পাসওয়ার্ড সেট করুন।</li>
<li><strong>উত্তোলন</strong> আইকনে চাপুন, কার্ড বা ওয়ালেট বেছে নিন এবং দেখানো সীমার মধ্যে পরিমাণ লিখুন।</li>
<li>পেমেন্ট পাসওয়ার্ড দিয়ে নিশ্চিত করুন (এসএমএস কোড চাওয়া হলে সেটিও দিন)।</li>
<li>পরিমাণটি সঙ্গে সঙ্গে আপনার ব্যালেন্স থেকে আটকে রাখা হয় এবং যাচাইয়ের পর পরিশোধ করা হয়; অ্যাকাউন্ট রেকর্ডে এর অবস্থা দেখতে পারবেন।</li>
</ol>
<p>উত্তোলনের আগে চলমান বোনাসের বাজির শর্ত পূরণ করতে হবে। কোনো উত্তোলন প্রত্যাখ্যাত হলে আটকে রাখা অর্থ আপনার ব্যালেন্সে ফেরত আসে।</p>`,
    },
  },
];
