/**
 * How each slot symbol looks and is called, the same in the game and in the site's verify view, so a player
 * checking a round recognises what the reels showed. Glyphs come from ranges every system font has (emoji are
 * missing on many Android and Linux devices); the colour tells apart symbols that share a shape.
 */
export interface SymbolFace {
  glyph: string;
  colour: string;
  name: { en: string; bn: string };
}

const face = (glyph: string, colour: string, en: string, bn: string): SymbolFace => ({ glyph, colour, name: { en, bn } });

export const SYMBOL_FACES: Readonly<Record<string, SymbolFace>> = {
  WILD: face('★', '#f5b942', 'Wild', 'ওয়াইল্ড'),
  SCATTER: face('✿', '#ff9bd2', 'Scatter', 'স্ক্যাটার'),
  LOTUS: face('❀', '#ff8fb1', 'Lotus', 'পদ্ম'),
  TIGER: face('♛', '#ff9f43', 'Tiger', 'বাঘ'),
  ELEPHANT: face('♜', '#a9b4c8', 'Elephant', 'হাতি'),
  PEACOCK: face('✦', '#3ed6c5', 'Peacock', 'ময়ূর'),
  A: face('A', '#f4f1fb', 'A', 'A'),
  K: face('K', '#f4f1fb', 'K', 'K'),
  Q: face('Q', '#f4f1fb', 'Q', 'Q'),
  J: face('J', '#f4f1fb', 'J', 'J'),
  TEN: face('10', '#f4f1fb', '10', '১০'),
  SEVEN: face('7', '#ff5c6c', 'Seven', 'সেভেন'),
  BAR3: face('≡≡≡', '#f4f1fb', 'Triple bar', 'ট্রিপল বার'),
  BAR2: face('≡≡', '#f4f1fb', 'Double bar', 'ডাবল বার'),
  BAR: face('≡', '#f4f1fb', 'Bar', 'বার'),
  BELL: face('♪', '#ffe066', 'Bell', 'ঘণ্টা'),
  PLUM: face('●', '#b07cff', 'Plum', 'বরই'),
  ORANGE: face('●', '#ff9f43', 'Orange', 'কমলা'),
  CHERRY: face('♥', '#ff5c6c', 'Cherry', 'চেরি'),
  CROCODILE: face('♠', '#7bc47f', 'Crocodile', 'কুমির'),
  DEER: face('♞', '#d9a066', 'Spotted deer', 'চিত্রা হরিণ'),
  KINGFISHER: face('➶', '#4fc3f7', 'Kingfisher', 'মাছরাঙা'),
  DIYA: face('♨', '#ffb347', 'Diya lamp', 'প্রদীপ'),
  LANTERN: face('◈', '#ff6f61', 'Sky lantern', 'ফানুস'),
  FIREWORK: face('✺', '#c792ea', 'Firework', 'আতশবাজি'),
  SWEETS: face('◉', '#ffd54f', 'Sweets', 'মিষ্টি'),
  MARIGOLD: face('❁', '#ffa726', 'Marigold', 'গাঁদা ফুল'),
};

/** The face of a symbol id; an id no face is known for shows as its text. */
export const symbolFace = (id: string): SymbolFace => SYMBOL_FACES[id] ?? face(id, 'inherit', id, id);

/** A symbol's name in a language (Bengali, else English). */
export const symbolName = (id: string, language: string): string => symbolFace(id).name[language === 'bn' ? 'bn' : 'en'];
